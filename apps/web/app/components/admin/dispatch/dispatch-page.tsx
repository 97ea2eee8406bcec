import { useState } from 'react';
import { dispatchQuery, type DispatchRow, type PickList } from '@shop/contracts/dispatch';
import { DISPATCH_WINDOW_DAYS, type DispatchUrgency } from '@shop/domain/dispatch';
import { statusLabel } from '@shop/domain/orders';
import type { ApiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { saveFile } from '../../../lib/save-file';
import { formatIndiaDateTime, formatRupees } from '../admin-format';
import { orderTickLabels } from '../admin-table';
import * as list from '../list-page/list-page';
import { dispatchApi } from './dispatch-api';
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
  const button = (words: string, name: string, act: (row: DispatchRow) => void, busy = false) => (
    <button
      type="button"
      className={smallButton}
      disabled={busy}
      onClick={() => act(row)}
      aria-label={name}
    >
      {words}
    </button>
  );
  return (
    <div className="flex flex-wrap gap-1.5">
      {button('Slip', `Packing slip for ${row.orderNumber}`, actions.slip, actions.busy)}
      {button('Label', `Label for ${row.orderNumber}`, actions.label, actions.busy)}
      {button('Mark shipped', `Mark ${row.orderNumber} shipped`, actions.ship)}
    </div>
  );
}

const c = list.listColumns<DispatchRow>();
const link = (row: DispatchRow) => (
  <list.RowLink to={`/admin/orders/${row._id}`}>{row.orderNumber}</list.RowLink>
);

const columnsWith = (actions: RowActions) => [
  c.cell(
    'Order',
    (row) => (
      <>
        {link(row)}
        <div className="text-muted">{formatIndiaDateTime(row.createdAt)}</div>
        <div className="text-xs font-semibold">{statusLabel(row.status)}</div>
      </>
    ),
    'whitespace-nowrap',
  ),
  c.cell('Waiting', (row) => <AgeBadge row={row} />),
  c.cell(
    'Ship to',
    (row) => (
      <>
        <div className="font-medium">{row.recipient}</div>
        <div className="text-muted">
          {row.city} {row.pinCode}
        </div>
      </>
    ),
    'min-w-32',
  ),
  c.text('itemCount', 'Items'),
  c.money('total', 'Total'),
  c.cell('Documents', (row) => <Actions row={row} actions={actions} />),
];

/** The queue's page for the URL, loaded in the browser with the signed-in client. */
export const dispatchLoader = list.listLoader(dispatchQuery, (api, query) =>
  dispatchApi(api).queue(query),
);

/** An order to pack as a phone's card. */
const cardWith = (actions: RowActions) => (order: DispatchRow) => (
  <list.ListCard title={link(order)} aside={<AgeBadge row={order} />}>
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
  </list.ListCard>
);

/** /admin/dispatch: paid orders waiting to be packed, oldest first; pick lists, PDFs, shipping. */
export function DispatchPage() {
  const data = list.useListData(dispatchLoader);
  const { reload } = data;
  const { authed } = useAuth();
  const [pickList, setPickList] = useState<PickList | null>(null);
  const [shipping, setShipping] = useState<DispatchRow | null>(null);
  const { notice, setNotice, busy, run } = list.useListActions();
  /** Saves the PDF `get` fetches as `name`. */
  const save = (get: (api: ApiClient) => Promise<Blob>, name: string) =>
    run(async () => saveFile(await authed(get), name));

  const actions: RowActions = {
    busy,
    slip: (row) =>
      save((api) => dispatchApi(api).packingSlip(row._id), `packing-slip-${row.orderNumber}.pdf`),
    label: (row) =>
      save((api) => dispatchApi(api).labels([row._id]), `label-${row.orderNumber}.pdf`),
    ship: (row) => {
      setNotice(null);
      setShipping(row);
    },
  };

  /** The ticked orders' pick list and labels. */
  function selectedBar(selected: DispatchRow[]) {
    const ids = selected.map((row) => row._id);
    const one = selected.length === 1 ? selected[0] : undefined;
    const pick = async () => setPickList(await authed((api) => dispatchApi(api).pickList(ids)));
    const labels = () =>
      save(
        (api) => dispatchApi(api).labels(ids),
        one ? `label-${one.orderNumber}.pdf` : 'labels.pdf',
      );
    return (
      <list.BulkBar
        count={selected.length}
        busy={busy}
        buttons={[
          ['Pick list', () => run(pick)],
          ['Labels (PDF)', labels],
        ]}
      />
    );
  }

  return (
    <list.ListPage
      list={data}
      rows={(answer) => answer.orders}
      title="Dispatch"
      intro={
        <p className="-mt-4 text-sm text-muted print:hidden">
          Paid orders waiting to be packed, oldest first. The shipping policy hands orders to the
          courier within {DISPATCH_WINDOW_DAYS.due}–{DISPATCH_WINDOW_DAYS.late} days: past{' '}
          {DISPATCH_WINDOW_DAYS.due} days an order is due, past {DISPATCH_WINDOW_DAYS.late} late.
        </p>
      }
      problemFallback="Showing the whole queue instead."
      above={
        <>
          <list.ListNotice notice={notice} />
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
      label="Orders to pack"
      pagerLabel="Pages of the dispatch queue"
      columns={columnsWith(actions)}
      card={cardWith(actions)}
      loadingText="Loading the dispatch queue..."
      emptyText="Nothing to pack: every paid order has shipped."
      bulk={{ ...orderTickLabels, actions: selectedBar }}
    />
  );
}
