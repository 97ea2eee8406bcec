import { useEffect, useState } from 'react';
import { orderDocumentsResponse, type GstDocument } from '@shop/contracts/invoices';
import { errorMessage, type ApiClient } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-session';
import { saveFile } from '../../lib/save-file';

const linkButton =
  'rounded-full border border-line bg-white px-4 py-1.5 text-sm font-medium hover:border-brand-300 disabled:opacity-60';

/** The order's GST documents, listed by the server (paths are the API's, under /api). */
function invoicesApi({ call, file }: ApiClient) {
  return {
    list: (orderId: string) =>
      call(
        `/order/${encodeURIComponent(orderId)}/invoices`,
        'Failed to fetch the invoices',
        {},
        orderDocumentsResponse,
      ).then((answer) => answer.data),
    download: (url: string) => file('GET', url.replace(/^\/api/, ''), 'Failed to download'),
  };
}

const fileName = (number: string) => `${number.replace(/[^A-Za-z0-9-]/g, '_')}.pdf`;

/**
 * Download buttons for a paid order's tax invoice and any credit notes. The invoice of an order
 * paid a moment ago may not be issued yet: its button asks for it, and the server issues it then.
 */
export function InvoiceLinks({
  orderId,
  paid,
  cancelled = false,
}: {
  orderId: string;
  /** The shop received the money for it. */
  paid: boolean;
  /** Cancelled: only documents already issued are offered (no invoice is issued now). */
  cancelled?: boolean;
}) {
  const { authed } = useAuth();
  const [documents, setDocuments] = useState<GstDocument[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!paid) return;
    let live = true;
    authed((api) => invoicesApi(api).list(orderId))
      .then((list) => live && setDocuments(list))
      .catch(() => live && setDocuments([]));
    return () => {
      live = false;
    };
  }, [authed, orderId, paid]);

  if (!paid || documents === null) return null;
  const invoice = documents.find((one) => one.kind === 'invoice');
  const wanted: { key: string; label: string; url: string; number?: string }[] = [
    ...(invoice
      ? [{ key: invoice._id, label: 'Download invoice', url: invoice.url, number: invoice.number }]
      : cancelled
        ? []
        : [
            {
              key: 'invoice',
              label: 'Download invoice',
              url: `/api/order/${encodeURIComponent(orderId)}/invoice.pdf`,
            },
          ]),
    ...documents
      .filter((one) => one.kind === 'credit-note')
      .map((one) => ({
        key: one._id,
        label: `Download credit note ${one.number}`,
        url: one.url,
        number: one.number,
      })),
  ];

  async function download(entry: (typeof wanted)[number]) {
    setBusy(entry.key);
    setFailure(null);
    try {
      const blob = await authed((api) => invoicesApi(api).download(entry.url));
      // An invoice this very download issued: its number, listed now, names the file.
      const number =
        entry.number ??
        (await authed((api) => invoicesApi(api).list(orderId)).catch(() => [])).find(
          (one) => one.kind === 'invoice',
        )?.number;
      saveFile(blob, fileName(number ?? `invoice-${orderId}`));
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to download'));
    } finally {
      setBusy(null);
    }
  }

  if (wanted.length === 0) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2 text-sm" data-testid="invoice-links">
      {wanted.map((entry) => (
        <button
          key={entry.key}
          type="button"
          className={linkButton}
          disabled={busy !== null}
          onClick={() => void download(entry)}
        >
          {entry.label}
        </button>
      ))}
      {failure && (
        <p role="alert" className="w-full text-red-700">
          {failure}
        </p>
      )}
    </div>
  );
}
