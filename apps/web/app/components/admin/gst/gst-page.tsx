import { useState, type FormEvent } from 'react';
import { gstr1Query, invoiceMessages } from '@shop/contracts/invoices';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { saveFile } from '../../../lib/save-file';

/** This month in India, YYYY-MM (the export's default). */
function thisMonth(): string {
  return new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
}

/**
 * The owners' GST screen: the month's invoices and credit notes as a CSV shaped for GSTR-1
 * (B2C large and small, credit notes, HSN summary), for the accountant or the offline tool.
 */
export function GstPage() {
  const { authed } = useAuth();
  const [month, setMonth] = useState(thisMonth);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function download(event: FormEvent) {
    event.preventDefault();
    const parsed = gstr1Query.safeParse({ month });
    if (!parsed.success) return setProblem(invoiceMessages.month);
    setProblem(null);
    setBusy(true);
    try {
      const blob = await authed((api) =>
        api.file('GET', `/admin/gst/gstr1.csv?month=${parsed.data.month}`, 'Failed to export'),
      );
      saveFile(blob, `gstr1-${parsed.data.month}.csv`);
    } catch (error) {
      setProblem(errorMessage(error, 'Failed to export'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="flex max-w-2xl flex-col gap-5">
      <h1 className="font-serif text-3xl">GST returns</h1>
      <p className="text-sm text-muted">
        Every paid order gets a tax invoice, and every refund of an invoiced order a credit note.
        Download a month of them shaped for GSTR-1: B2C large (inter-state invoices above ₹1,00,000)
        one by one with their credit notes, B2C small summed by place of supply and rate with credit
        notes netted off, and the HSN summary.
      </p>
      <form
        onSubmit={download}
        className="flex flex-wrap items-end gap-3 rounded-2xl border border-line bg-white p-4"
      >
        <div>
          <label htmlFor="gst-month" className="block text-sm font-medium">
            Month
          </label>
          <input
            id="gst-month"
            type="month"
            value={month}
            onChange={(event) => setMonth(event.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'gst-month-problem' : undefined}
            className="mt-1 block rounded-xl border border-line bg-white px-3 py-2 text-sm"
          />
        </div>
        <button
          type="submit"
          disabled={busy}
          className="rounded-full bg-brand-600 px-5 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-70"
        >
          Download GSTR-1 CSV
        </button>
        {problem && (
          <p id="gst-month-problem" role="alert" className="w-full text-sm text-red-700">
            {problem}
          </p>
        )}
      </form>
    </section>
  );
}
