import { useState } from 'react';
import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import {
  ordersDeskQuery,
  type OrdersDeskPage as OrdersDeskPageAnswer,
  type OrdersDeskQuery,
  type OrdersDeskRow,
} from '@shop/contracts/orders-desk';
import { orderStatuses, paymentStatuses, statusLabel } from '@shop/domain/orders';
import type { ApiClient } from '../../../lib/api-client';
import { formatIndiaDateTime, formatRupees, stateWords } from '../admin-format';
import { orderTickLabels } from '../admin-table';
import { listLoader, useListData } from '../list-page/list-loader';
import {
  filterField,
  filterLabel,
  ListFilters,
  ListPage,
  SelectFilter,
} from '../list-page/list-page';
import { BulkMove, MoveOutcomes, type MoveOutcome } from './bulk-move';
import { NeedsAttention } from './needs-attention';
import { ordersDeskApi } from './orders-desk-api';

const SORTS = [
  ['date-desc', 'Newest first'],
  ['date-asc', 'Oldest first'],
  ['total-desc', 'Highest total'],
  ['total-asc', 'Lowest total'],
] as const;

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

function Filters({ query }: { query: OrdersDeskQuery }) {
  return (
    <ListFilters
      schema={ordersDeskQuery}
      label="Find orders"
      submitText="Apply"
      clearTo="/admin/orders"
      // One field stands for the sort and its direction.
      shape={(fields) =>
        fields.flatMap(([name, value]) =>
          name === 'order'
            ? [
                ['sort', value.split('-')[0] ?? ''],
                ['dir', value.split('-')[1] ?? ''],
              ]
            : [[name, value]],
        )
      }
      search={
        <div className="sm:col-span-2">
          <label htmlFor="desk-q" className={filterLabel}>
            Search
          </label>
          <input
            id="desk-q"
            name="q"
            type="search"
            defaultValue={query.q}
            placeholder="Order number, email, phone or name"
            className={filterField}
          />
        </div>
      }
      more={
        <>
          <SelectFilter
            id="desk-status"
            label="Status"
            name="status"
            value={query.status}
            any="Any status"
            choices={orderStatuses.map((status) => [status, statusLabel(status)])}
          />
          <SelectFilter
            id="desk-payment"
            label="Payment"
            name="paymentStatus"
            value={query.paymentStatus}
            any="Any payment"
            choices={paymentStatuses.map((status) => [status, stateWords(status)])}
          />
          <div>
            <label htmlFor="desk-from" className={filterLabel}>
              From (date)
            </label>
            <input
              id="desk-from"
              name="from"
              type="date"
              defaultValue={query.from}
              className={filterField}
            />
          </div>
          <div>
            <label htmlFor="desk-to" className={filterLabel}>
              To (date)
            </label>
            <input
              id="desk-to"
              name="to"
              type="date"
              defaultValue={query.to}
              className={filterField}
            />
          </div>
          <div className="grid grid-cols-2 gap-2">
            <div>
              <label htmlFor="desk-min" className={filterLabel}>
                Min ₹
              </label>
              <input
                id="desk-min"
                name="min"
                type="number"
                min={0}
                inputMode="decimal"
                defaultValue={query.min}
                className={filterField}
              />
            </div>
            <div>
              <label htmlFor="desk-max" className={filterLabel}>
                Max ₹
              </label>
              <input
                id="desk-max"
                name="max"
                type="number"
                min={0}
                inputMode="decimal"
                defaultValue={query.max}
                className={filterField}
              />
            </div>
          </div>
          <SelectFilter
            id="desk-order"
            label="Sort"
            name="order"
            value={`${query.sort}-${query.dir}`}
            choices={SORTS}
          />
        </>
      }
    />
  );
}

/** The desk's answer for the URL's filters, loaded in the browser with the signed-in client. */
export const ordersDeskLoader = listLoader(ordersDeskQuery, (api: ApiClient, query) =>
  ordersDeskApi(api).list(query),
);

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
  const [outcomes, setOutcomes] = useState<MoveOutcome[]>([]);
  const { query, problem, load, reload } = useListData<OrdersDeskQuery, OrdersDeskPageAnswer>();
  const ready = load.state === 'ready' ? load.data : null;

  return (
    <ListPage
      title="Orders"
      filters={<Filters query={query} />}
      problem={problem}
      problemFallback="Showing every order instead."
      above={
        <>
          {ready ? <NeedsAttention rows={ready.needsAttention} /> : null}
          <MoveOutcomes outcomes={outcomes} />
        </>
      }
      load={load}
      reload={reload}
      rows={ready?.orders ?? []}
      next={ready?.next ?? null}
      label="Orders"
      pagerLabel="Pages of orders"
      columns={columns}
      rowId={(row) => row._id}
      card={(order) => <OrderCard order={order} />}
      loadingText="Loading orders..."
      emptyText="No orders match these filters."
      bulk={{
        ...orderTickLabels,
        actions: (orders, done) => (
          <BulkMove
            orders={orders}
            onDone={(results) => {
              setOutcomes(results);
              done();
            }}
          />
        ),
      }}
    />
  );
}
