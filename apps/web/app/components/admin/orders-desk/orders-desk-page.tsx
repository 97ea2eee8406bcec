import { useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import type { OrdersDeskQuery, OrdersDeskRow } from '@shop/contracts/orders-desk';
import { orderStatuses, paymentStatuses, statusLabel } from '@shop/domain/orders';
import type { ApiClient } from '../../../lib/api-client';
import { formatIndiaDateTime, formatRupees, stateWords } from '../admin-format';
import { AdminTable, CursorPager, orderTickLabels, useRowSelection } from '../admin-table';
import { useAdminLoad } from '../use-admin-load';
import { useCursorPages } from '../use-cursor-pages';
import { BulkMove, MoveOutcomes, type MoveOutcome } from './bulk-move';
import { deskQueryFromParams, paramsOfDeskQuery } from './desk-query';
import { ordersDeskApi } from './orders-desk-api';

const SORTS = [
  { value: 'date-desc', label: 'Newest first' },
  { value: 'date-asc', label: 'Oldest first' },
  { value: 'total-desc', label: 'Highest total' },
  { value: 'total-asc', label: 'Lowest total' },
] as const;

const field = 'mt-1 block w-full rounded-xl border border-line bg-white px-3 py-2 text-sm';
const label = 'block text-sm font-medium';
const button =
  'rounded-full border border-line bg-white px-4 py-2 text-sm font-medium hover:border-brand-300 disabled:opacity-50';

const column = createColumnHelper<OrdersDeskRow>();

function Badge({ text, tone }: { text: string; tone: 'plain' | 'alert' }) {
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        tone === 'alert' ? 'bg-amber-100 text-amber-900' : 'bg-blush text-brand-800'
      }`}
    >
      {text}
    </span>
  );
}

/** The order's status and, below it, its payment (marked when the shop must act). */
function StatusBadges({ row }: { row: OrdersDeskRow }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <Badge text={statusLabel(row.status)} tone="plain" />
      <Badge
        text={`Payment: ${stateWords(row.paymentStatus)}`}
        tone={row.needsAttention ? 'alert' : 'plain'}
      />
    </div>
  );
}

const columns = [
  column.accessor('orderNumber', {
    header: 'Order',
    cell: ({ row }) => (
      <Link
        to={`/admin/orders/${row.original._id}`}
        className="whitespace-nowrap font-medium text-brand-700 hover:underline"
      >
        {row.original.orderNumber}
      </Link>
    ),
  }),
  column.accessor('createdAt', {
    header: 'Placed',
    cell: ({ getValue }) => (
      <span className="whitespace-nowrap">{formatIndiaDateTime(getValue())}</span>
    ),
  }),
  column.accessor('customer', {
    header: 'Customer',
    cell: ({ getValue }) => (
      <div className="min-w-40 max-w-64">
        <div className="font-medium">{getValue().name}</div>
        <div className="break-all text-muted">{getValue().email}</div>
        <div className="text-muted">{getValue().phone}</div>
      </div>
    ),
  }),
  column.accessor('itemCount', { header: 'Items' }),
  column.accessor('total', {
    header: 'Total',
    cell: ({ getValue }) => <span className="whitespace-nowrap">{formatRupees(getValue())}</span>,
  }),
  column.accessor('status', {
    header: 'Status',
    cell: ({ row }) => <StatusBadges row={row.original} />,
  }),
];

function Filters() {
  const [params, setParams] = useSearchParams();
  const { query } = deskQueryFromParams(params);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const [sort, dir] = text('order').split('-');
    setParams(
      paramsOfDeskQuery({
        q: text('q'),
        status: text('status') as never,
        paymentStatus: text('paymentStatus') as never,
        from: text('from'),
        to: text('to'),
        min: text('min') as never,
        max: text('max') as never,
        sort: sort as never,
        dir: dir as never,
      }),
    );
  }

  return (
    <form
      key={params.toString()}
      onSubmit={submit}
      role="search"
      aria-label="Find orders"
      className="grid gap-3 rounded-2xl border border-line bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <div className="sm:col-span-2">
        <label htmlFor="desk-q" className={label}>
          Search
        </label>
        <input
          id="desk-q"
          name="q"
          type="search"
          defaultValue={query.q}
          placeholder="Order number, email, phone or name"
          className={field}
        />
      </div>
      <div>
        <label htmlFor="desk-status" className={label}>
          Status
        </label>
        <select id="desk-status" name="status" defaultValue={query.status ?? ''} className={field}>
          <option value="">Any status</option>
          {orderStatuses.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="desk-payment" className={label}>
          Payment
        </label>
        <select
          id="desk-payment"
          name="paymentStatus"
          defaultValue={query.paymentStatus ?? ''}
          className={field}
        >
          <option value="">Any payment</option>
          {paymentStatuses.map((status) => (
            <option key={status} value={status}>
              {stateWords(status)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="desk-from" className={label}>
          From (date)
        </label>
        <input id="desk-from" name="from" type="date" defaultValue={query.from} className={field} />
      </div>
      <div>
        <label htmlFor="desk-to" className={label}>
          To (date)
        </label>
        <input id="desk-to" name="to" type="date" defaultValue={query.to} className={field} />
      </div>
      <div className="grid grid-cols-2 gap-2">
        <div>
          <label htmlFor="desk-min" className={label}>
            Min ₹
          </label>
          <input
            id="desk-min"
            name="min"
            type="number"
            min={0}
            inputMode="decimal"
            defaultValue={query.min}
            className={field}
          />
        </div>
        <div>
          <label htmlFor="desk-max" className={label}>
            Max ₹
          </label>
          <input
            id="desk-max"
            name="max"
            type="number"
            min={0}
            inputMode="decimal"
            defaultValue={query.max}
            className={field}
          />
        </div>
      </div>
      <div>
        <label htmlFor="desk-order" className={label}>
          Sort
        </label>
        <select
          id="desk-order"
          name="order"
          defaultValue={`${query.sort}-${query.dir}`}
          className={field}
        >
          {SORTS.map((sort) => (
            <option key={sort.value} value={sort.value}>
              {sort.label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-4">
        <button
          type="submit"
          className="rounded-full bg-brand-600 px-5 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          Apply
        </button>
        <Link to="/admin/orders" className={button}>
          Clear
        </Link>
      </div>
    </form>
  );
}

function NeedsAttention({ rows }: { rows: OrdersDeskRow[] }) {
  if (rows.length === 0) return null;
  return (
    <section
      aria-labelledby="attention-title"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-4"
    >
      <h2 id="attention-title" className="font-medium text-amber-950">
        Needs attention ({rows.length})
      </h2>
      <p className="text-sm text-amber-950">
        Payments held for review and refunds that failed: only the shop can settle these.
      </p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {rows.map((row) => (
          <li key={row._id}>
            <Link
              to={`/admin/orders/${row._id}`}
              className="inline-block rounded-full border border-amber-300 bg-white px-3 py-1 text-sm font-medium text-amber-950 hover:underline"
            >
              {row.orderNumber} · {stateWords(row.paymentStatus)} · {formatRupees(row.total)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

const listOrders = (api: ApiClient, query: OrdersDeskQuery) => ordersDeskApi(api).list(query);

/** An order as a phone's card. */
function OrderCard({ order }: { order: OrdersDeskRow }) {
  return (
    <>
      <div className="flex items-baseline justify-between gap-2">
        <Link
          to={`/admin/orders/${order._id}`}
          className="font-medium text-brand-700 hover:underline"
        >
          {order.orderNumber}
        </Link>
        <span className="font-medium">{formatRupees(order.total)}</span>
      </div>
      <p className="text-muted">
        {formatIndiaDateTime(order.createdAt)} · {order.itemCount}{' '}
        {order.itemCount === 1 ? 'item' : 'items'}
      </p>
      <p className="mt-1">{order.customer.name}</p>
      <p className="break-all text-muted">{order.customer.email}</p>
      <p className="text-muted">{order.customer.phone}</p>
      <div className="mt-2">
        <StatusBadges row={order} />
      </div>
    </>
  );
}

/** /admin/orders: search, filter, sort and page through every order; move several at once. */
export function OrdersDeskPage() {
  const [params] = useSearchParams();
  const [outcomes, setOutcomes] = useState<MoveOutcome[]>([]);
  const key = params.toString();
  const { query, problem } = useMemo(() => deskQueryFromParams(new URLSearchParams(key)), [key]);
  const { load, reload } = useAdminLoad(key, query, listOrders);
  const pages = useCursorPages();
  const [selection, setSelection] = useRowSelection(load);

  const rows = load.state === 'ready' ? load.data.orders : [];
  const selected = rows.filter((row) => selection[row._id]);

  return (
    <section className="flex flex-col gap-5">
      <h1 className="font-serif text-3xl">Orders</h1>
      <Filters />
      {problem ? (
        <p role="alert" className="text-sm text-brand-800">
          {problem}. Showing every order instead.
        </p>
      ) : null}
      {load.state === 'ready' ? <NeedsAttention rows={load.data.needsAttention} /> : null}
      {selected.length > 0 ? (
        <BulkMove
          orders={selected}
          onDone={(results) => {
            setOutcomes(results);
            reload();
          }}
        />
      ) : null}
      <MoveOutcomes outcomes={outcomes} />
      <AdminTable
        label="Orders"
        load={load}
        rows={rows}
        columns={columns}
        rowId={(row) => row._id}
        card={(order) => <OrderCard order={order} />}
        loadingText="Loading orders..."
        emptyText="No orders match these filters."
        onRetry={reload}
        selection={{
          state: selection,
          onChange: setSelection,
          ...orderTickLabels,
        }}
      />
      <CursorPager
        label="Pages of orders"
        pages={pages}
        next={load.state === 'ready' ? load.data.next : null}
      />
    </section>
  );
}
