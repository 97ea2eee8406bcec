import { customersDeskQuery, type CustomersDeskRow } from '@shop/contracts/customers-desk';
import { formatIndiaDate, formatRupees } from '../admin-format';
import * as list from '../list-page/list-page';
import { customersApi } from './customers-api';

const c = list.listColumns<CustomersDeskRow>();
const lastOrder = (row: CustomersDeskRow) =>
  row.lastOrderAt ? formatIndiaDate(row.lastOrderAt) : 'No orders';
const link = (row: CustomersDeskRow) => (
  <list.RowLink to={`/admin/customers/${row._id}`}>{row.name}</list.RowLink>
);

const columns = [
  c.cell('Customer', link),
  c.cell(
    'Contact',
    (row) => (
      <>
        <div className="break-all">{row.email}</div>
        <div className="text-muted">{row.phone}</div>
      </>
    ),
    'min-w-48 max-w-md',
  ),
  c.date('joinedAt', 'Joined'),
  c.text('ordersCount', 'Orders'),
  c.money('lifetimeValue', 'Lifetime value'),
  c.cell('Last order', lastOrder, 'whitespace-nowrap'),
];

/** A customer as a phone's card. */
const card = (row: CustomersDeskRow) => (
  <list.ListCard
    title={link(row)}
    aside={<span className="whitespace-nowrap font-medium">{formatRupees(row.lifetimeValue)}</span>}
  >
    <p className="break-all text-muted">{row.email}</p>
    <p className="text-muted">{row.phone}</p>
    <p className="mt-1">
      {row.ordersCount === 0
        ? 'No orders yet'
        : `${row.ordersCount} ${row.ordersCount === 1 ? 'order' : 'orders'}, the last on ${lastOrder(row)}`}
    </p>
    <p className="text-muted">Joined {formatIndiaDate(row.joinedAt)}</p>
  </list.ListCard>
);

/** The customers for the URL's search, loaded in the browser with the signed-in client. */
export const customersLoader = list.listLoader(customersDeskQuery, (api, query) =>
  customersApi(api).list(query),
);

/** /admin/customers: find an account by email, phone or name; newest accounts first. */
export function CustomersPage() {
  return (
    <list.ListPage
      list={list.useListData(customersLoader)}
      rows={(answer) => answer.customers}
      title="Customers"
      filters={{
        label: 'Find customers',
        submitText: 'Search',
        className: 'flex flex-col gap-3',
        search: [list.searchFilter('Search', 'Email, phone or name', 'flex-1')],
      }}
      problemFallback="Showing every customer instead."
      label="Customers"
      columns={columns}
      card={card}
      emptyText="No customers match this search."
    />
  );
}
