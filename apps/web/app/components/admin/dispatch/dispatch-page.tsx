import { useState } from 'react';
import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import {
  dispatchQuery,
  type DispatchPage as DispatchPageAnswer,
  type DispatchQuery,
  type DispatchRow,
  type PickList,
} from '@shop/contracts/dispatch';
import { DISPATCH_WINDOW_DAYS, type DispatchUrgency } from '@shop/domain/dispatch';
import { statusLabel } from '@shop/domain/orders';
import { errorMessage, type ApiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { formatIndiaDateTime, formatRupees } from '../admin-format';
import { orderTickLabels } from '../admin-table';
import { listLoader, useListData } from '../list-page/list-loader';
import { listButton, ListPage } from '../list-page/list-page';
import { dispatchApi } from './dispatch-api';
import { saveFile } from '../../../lib/save-file';
import { PickListPanel } from './pick-list-panel';
import { ShipForm } from './ship-form';

const smallButton =
  'whitespace-nowrap rounded-full border border-line bg-white px-3 py-1 text-xs font-medium hover:border-brand-300 disabled:opacity-50';

const URGENCY: Record<DispatchUrgency, { label: string; tone: string }> = {
  on_time: { label: 'On time', tone: 'bg-blush text-brand-800' },
  due: { label: 'Due', tone: 'bg-amber-100 text-amber-950' },
  late: { label: 'Late', tone: 'bg-red-100 text-red-900' },
};

/** Days waiting, marked once past 8 days (due) and past 14 (late). */
function AgeBadge({ row }: { row: DispatchRow }) {
  const urgency = URGENCY[row.urgency];
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${urgency.tone}`}
    >
      {row.ageDays} {row.ageDays === 1 ? 'day' : 'days'} · {urgency.label}
    </span>
  );
}

interface RowActions {
  busy: boolean;
  slip: (row: DispatchRow) => void;
  label: (row: DispatchRow) => void;
  ship: (row: DispatchRow) => void;
}

function Actions({ row, actions }: { row: DispatchRow; actions: RowActions }) {
  return (
    <div className="flex flex-wrap gap-1.5">
      <button
        type="button"
        className={smallButton}
        disabled={actions.busy}
        onClick={() => actions.slip(row)}
        aria-label={`Packing slip for ${row.orderNumber}`}
      >
        Slip
      </button>
      <button
        type="button"
        className={smallButton}
        disabled={actions.busy}
        onClick={() => actions.label(row)}
        aria-label={`Label for ${row.orderNumber}`}
      >
        Label
      </button>
      <button
        type="button"
        className={smallButton}
        onClick={() => actions.ship(row)}
        aria-label={`Mark ${row.orderNumber} shipped`}
      >
        Mark shipped
      </button>
    </div>
  );
}

const column = createColumnHelper<DispatchRow>();

function columnsWith(actions: RowActions) {
  return [
    column.accessor('orderNumber', {
      header: 'Order',
      cell: ({ row }) => (
        <div className="whitespace-nowrap">
          <Link
            to={`/admin/orders/${row.original._id}`}
            className="font-medium text-brand-700 hover:underline"
          >
            {row.original.orderNumber}
          </Link>
          <div className="text-muted">{formatIndiaDateTime(row.original.createdAt)}</div>
          <div className="text-xs font-semibold">{statusLabel(row.original.status)}</div>
        </div>
      ),
    }),
    column.accessor('ageDays', {
      header: 'Waiting',
      cell: ({ row }) => <AgeBadge row={row.original} />,
    }),
    column.accessor('recipient', {
      header: 'Ship to',
      cell: ({ row }) => (
        <div className="min-w-32">
          <div className="font-medium">{row.original.recipient}</div>
          <div className="text-muted">
            {row.original.city} {row.original.pinCode}
          </div>
        </div>
      ),
    }),
    column.accessor('itemCount', { header: 'Items' }),
    column.accessor('total', {
      header: 'Total',
      cell: ({ getValue }) => <span className="whitespace-nowrap">{formatRupees(getValue())}</span>,
    }),
    column.display({
      id: 'actions',
      header: 'Documents',
      cell: ({ row }) => <Actions row={row.original} actions={actions} />,
    }),
  ];
}

/** The queue's page for the URL, loaded in the browser with the signed-in client. */
export const dispatchLoader = listLoader(dispatchQuery, (api: ApiClient, query) =>
  dispatchApi(api).queue(query),
);

/** An order to pack as a phone's card. */
function QueueCard({ order, actions }: { order: DispatchRow; actions: RowActions }) {
  return (
    <>
      <div className="flex items-baseline justify-between gap-2">
        <Link
          to={`/admin/orders/${order._id}`}
          className="font-medium text-brand-700 hover:underline"
        >
          {order.orderNumber}
        </Link>
        <AgeBadge row={order} />
      </div>
      <p className="text-muted">
        {formatIndiaDateTime(order.createdAt)} · {order.itemCount}{' '}
        {order.itemCount === 1 ? 'item' : 'items'} · {formatRupees(order.total)}
      </p>
      <p className="mt-1">
        {order.recipient}, {order.city} {order.pinCode}
      </p>
      <p className="text-xs font-semibold">{statusLabel(order.status)}</p>
      <div className="mt-2">
        <Actions row={order} actions={actions} />
      </div>
    </>
  );
}

/** /admin/dispatch: paid orders waiting to be packed, oldest first; pick lists, PDFs, shipping. */
export function DispatchPage() {
  const { problem, load, reload } = useListData<DispatchQuery, DispatchPageAnswer>();
  const { authed } = useAuth();
  const [pickList, setPickList] = useState<PickList | null>(null);
  const [shipping, setShipping] = useState<DispatchRow | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  /** Runs one call for the screen, showing its failure (or `done`'s text) as the notice. */
  async function run(work: () => Promise<string | null>) {
    setBusy(true);
    setNotice(null);
    try {
      const text = await work();
      if (text) setNotice({ ok: true, text });
    } catch (error) {
      setNotice({ ok: false, text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  const actions: RowActions = {
    busy,
    slip: (row) =>
      void run(async () => {
        const pdf = await authed((api) => dispatchApi(api).packingSlip(row._id));
        saveFile(pdf, `packing-slip-${row.orderNumber}.pdf`);
        return null;
      }),
    label: (row) =>
      void run(async () => {
        const pdf = await authed((api) => dispatchApi(api).labels([row._id]));
        saveFile(pdf, `label-${row.orderNumber}.pdf`);
        return null;
      }),
    ship: (row) => {
      setNotice(null);
      setShipping(row);
    },
  };

  /** The ticked orders' pick list and labels. */
  function selectedBar(selected: DispatchRow[]) {
    const ids = selected.map((row) => row._id);
    return (
      <section
        aria-labelledby="selection-title"
        className="flex flex-wrap items-center gap-3 rounded-2xl border border-brand-200 bg-white p-4 print:hidden"
      >
        <h2 id="selection-title" className="font-medium">
          {selected.length} selected
        </h2>
        <button
          type="button"
          className={listButton}
          disabled={busy}
          onClick={() =>
            void run(async () => {
              setPickList(await authed((api) => dispatchApi(api).pickList(ids)));
              return null;
            })
          }
        >
          Pick list
        </button>
        <button
          type="button"
          className={listButton}
          disabled={busy}
          onClick={() =>
            void run(async () => {
              const pdf = await authed((api) => dispatchApi(api).labels(ids));
              saveFile(
                pdf,
                selected.length === 1 ? `label-${selected[0]!.orderNumber}.pdf` : 'labels.pdf',
              );
              return null;
            })
          }
        >
          Labels (PDF)
        </button>
      </section>
    );
  }

  return (
    <ListPage
      title="Dispatch"
      intro={
        <p className="-mt-4 text-sm text-muted print:hidden">
          Paid orders waiting to be packed, oldest first. The shipping policy hands orders to the
          courier within {DISPATCH_WINDOW_DAYS.due}–{DISPATCH_WINDOW_DAYS.late} days: past{' '}
          {DISPATCH_WINDOW_DAYS.due} days an order is due, past {DISPATCH_WINDOW_DAYS.late} late.
        </p>
      }
      problem={problem}
      problemFallback="Showing the whole queue instead."
      above={
        <>
          {notice ? (
            <p
              role={notice.ok ? 'status' : 'alert'}
              className={`rounded-2xl border p-3 text-sm print:hidden ${
                notice.ok ? 'border-line bg-white' : 'border-brand-300 bg-white text-brand-800'
              }`}
            >
              {notice.text}
            </p>
          ) : null}
          {shipping ? (
            <section
              aria-labelledby="ship-title"
              className="rounded-2xl border border-line bg-white p-4 print:hidden"
            >
              <h2 id="ship-title" className="font-medium">
                Ship {shipping.orderNumber} to {shipping.recipient}
              </h2>
              <ShipForm
                key={shipping._id}
                order={shipping}
                onCancel={() => setShipping(null)}
                onShipped={(text) => {
                  setShipping(null);
                  setNotice({ ok: true, text });
                  reload();
                }}
              />
            </section>
          ) : null}
          {pickList ? (
            <PickListPanel pickList={pickList} onClose={() => setPickList(null)} />
          ) : null}
        </>
      }
      printsAbove={pickList !== null}
      load={load}
      reload={reload}
      rows={load.state === 'ready' ? load.data.orders : []}
      next={load.state === 'ready' ? load.data.next : null}
      label="Orders to pack"
      pagerLabel="Pages of the dispatch queue"
      columns={columnsWith(actions)}
      rowId={(row) => row._id}
      card={(order) => <QueueCard order={order} actions={actions} />}
      loadingText="Loading the dispatch queue..."
      emptyText="Nothing to pack: every paid order has shipped."
      bulk={{ ...orderTickLabels, actions: selectedBar }}
    />
  );
}
