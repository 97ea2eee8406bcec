import { useState } from 'react';
import { ordersDeskQuery, type OrdersDeskRow } from '@shop/contracts/orders-desk';
import { orderStatuses, paymentStatuses, statusLabel } from '@shop/domain/orders';
import { formatIndiaDateTime, formatRupees, stateWords } from '../admin-format';
import { orderTickLabels } from '../admin-table';
import * as list from '../list-page/list-page';
import { BulkMove, MoveOutcomes, type MoveOutcome } from './bulk-move';
import { NeedsAttention } from './needs-attention';
import { ordersDeskApi } from './orders-desk-api';

const SORTS = [
  ['date-desc', 'Newest first'],
  ['date-asc', 'Oldest first'],
  ['total-desc', 'Highest total'],
  ['total-asc', 'Lowest total'],
] as const;

const c = list.listColumns<OrdersDeskRow>();
const link = (row: OrdersDeskRow, className?: string) => (
  <list.RowLink to={`/admin/orders/${row._id}`} className={className}>
    {row.orderNumber}
  </list.RowLink>
);

/** The order's status and, below it, its payment (marked when the shop must act). */
const statusBadges = (row: OrdersDeskRow) => (
  <div className="flex flex-col items-start gap-1">
    <list.Badge text={statusLabel(row.status)} />
    <list.Badge
      text={`Payment: ${stateWords(row.paymentStatus)}`}
      tone={row.needsAttention ? 'alert' : 'plain'}
    />
  </div>
);

const columns = [
  c.cell('Order', (row) => link(row, 'whitespace-nowrap font-medium')),
  c.date('createdAt', 'Placed', true),
  c.cell(
    'Customer',
    ({ customer }) => (
      <>
        <div className="font-medium">{customer.name}</div>
        <div className="break-all text-muted">{customer.email}</div>
        <div className="text-muted">{customer.phone}</div>
      </>
    ),
    'min-w-40 max-w-64',
  ),
  c.text('itemCount', 'Items'),
  c.money('total', 'Total'),
  c.cell('Status', statusBadges),
];

/** An order as a phone's card. */
const card = (order: OrdersDeskRow) => (
  <list.ListCard
    title={link(order)}
    aside={<span className="font-medium">{formatRupees(order.total)}</span>}
  >
    <p className="text-muted">
      {formatIndiaDateTime(order.createdAt)} · {order.itemCount}{' '}
      {order.itemCount === 1 ? 'item' : 'items'}
    </p>
    <p className="mt-1">{order.customer.name}</p>
    <p className="break-all text-muted">{order.customer.email}</p>
    <p className="text-muted">{order.customer.phone}</p>
    <div className="mt-2">{statusBadges(order)}</div>
  </list.ListCard>
);

const filters: list.ListFiltersSpec = {
  label: 'Find orders',
  submitText: 'Apply',
  shape: list.splitField('order', 'sort', 'dir'),
  search: [list.searchFilter('Search', 'Order number, email, phone or name', 'sm:col-span-2')],
  more: [
    list.selectFilter('status', 'Status', 'Any status', orderStatuses, statusLabel),
    list.selectFilter('paymentStatus', 'Payment', 'Any payment', paymentStatuses, stateWords),
    { name: 'from', label: 'From (date)', type: 'date' },
    { name: 'to', label: 'To (date)', type: 'date' },
    [
      { name: 'min', label: 'Min ₹', type: 'number' },
      { name: 'max', label: 'Max ₹', type: 'number' },
    ],
    // One field stands for the sort and its direction.
    { ...list.selectFilter('order', 'Sort', undefined, SORTS), value: (q) => `${q.sort}-${q.dir}` },
  ],
};

/** The desk's answer for the URL's filters, loaded in the browser with the signed-in client. */
export const ordersDeskLoader = list.listLoader(ordersDeskQuery, (api, query) =>
  ordersDeskApi(api).list(query),
);

/** /admin/orders: search, filter, sort and page through every order; move several at once. */
export function OrdersDeskPage() {
  const [outcomes, setOutcomes] = useState<MoveOutcome[]>([]);
  const data = list.useListData(ordersDeskLoader);

  return (
    <list.ListPage
      list={data}
      rows={(answer) => answer.orders}
      title="Orders"
      filters={filters}
      problemFallback="Showing every order instead."
      above={
        <>
          {data.load.state === 'ready' ? (
            <NeedsAttention rows={data.load.data.needsAttention} />
          ) : null}
          <MoveOutcomes outcomes={outcomes} />
        </>
      }
      label="Orders"
      columns={columns}
      card={card}
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
