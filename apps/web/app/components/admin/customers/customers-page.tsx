import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import {
  customersDeskQuery,
  type CustomersDeskPage,
  type CustomersDeskQuery,
  type CustomersDeskRow,
} from '@shop/contracts/customers-desk';
import type { ApiClient } from '../../../lib/api-client';
import { formatIndiaDate, formatRupees } from '../admin-format';
import { listLoader, useListData } from '../list-page/list-loader';
import { filterField, filterLabel, ListFilters, ListPage } from '../list-page/list-page';
import { customersApi } from './customers-api';

const column = createColumnHelper<CustomersDeskRow>();

const lastOrder = (row: CustomersDeskRow) =>
  row.lastOrderAt ? formatIndiaDate(row.lastOrderAt) : 'No orders';

const columns = [
  column.accessor('name', {
    header: 'Customer',
    cell: ({ row }) => (
      <Link
        to={`/admin/customers/${row.original._id}`}
        className="font-medium text-brand-700 hover:underline"
      >
        {row.original.name}
      </Link>
    ),
  }),
  column.accessor('email', {
    header: 'Contact',
    cell: ({ row }) => (
      <div className="min-w-48 max-w-md">
        <div className="break-all">{row.original.email}</div>
        <div className="text-muted">{row.original.phone}</div>
      </div>
    ),
  }),
  column.accessor('joinedAt', {
    header: 'Joined',
    cell: ({ getValue }) => (
      <span className="whitespace-nowrap">{formatIndiaDate(getValue())}</span>
    ),
  }),
  column.accessor('ordersCount', { header: 'Orders' }),
  column.accessor('lifetimeValue', {
    header: 'Lifetime value',
    cell: ({ getValue }) => <span className="whitespace-nowrap">{formatRupees(getValue())}</span>,
  }),
  column.accessor('lastOrderAt', {
    header: 'Last order',
    cell: ({ row }) => <span className="whitespace-nowrap">{lastOrder(row.original)}</span>,
  }),
];

function Search({ q }: { q: string }) {
  return (
    <ListFilters
      schema={customersDeskQuery}
      label="Find customers"
      submitText="Search"
      clearTo="/admin/customers"
      className="flex flex-col gap-3"
      search={
        <div className="flex-1">
          <label htmlFor="customers-q" className={filterLabel}>
            Search
          </label>
          <input
            id="customers-q"
            name="q"
            type="search"
            defaultValue={q}
            placeholder="Email, phone or name"
            className={filterField}
          />
        </div>
      }
    />
  );
}

/** The customers for the URL's search, loaded in the browser with the signed-in client. */
export const customersLoader = listLoader(customersDeskQuery, (api: ApiClient, query) =>
  customersApi(api).list(query),
);

/** A customer as a phone's card. */
function CustomerCard({ row }: { row: CustomersDeskRow }) {
  return (
    <>
      <div className="flex items-baseline justify-between gap-2">
        <Link
          to={`/admin/customers/${row._id}`}
          className="font-medium text-brand-700 hover:underline"
        >
          {row.name}
        </Link>
        <span className="whitespace-nowrap font-medium">{formatRupees(row.lifetimeValue)}</span>
      </div>
      <p className="break-all text-muted">{row.email}</p>
      <p className="text-muted">{row.phone}</p>
      <p className="mt-1">
        {row.ordersCount === 0
          ? 'No orders yet'
          : `${row.ordersCount} ${row.ordersCount === 1 ? 'order' : 'orders'}, the last on ${lastOrder(row)}`}
      </p>
      <p className="text-muted">Joined {formatIndiaDate(row.joinedAt)}</p>
    </>
  );
}

/** /admin/customers: find an account by email, phone or name; newest accounts first. */
export function CustomersPage() {
  const { query, problem, load, reload } = useListData<CustomersDeskQuery, CustomersDeskPage>();
  const ready = load.state === 'ready' ? load.data : null;

  return (
    <ListPage
      title="Customers"
      filters={<Search q={query.q} />}
      problem={problem}
      problemFallback="Showing every customer instead."
      load={load}
      reload={reload}
      rows={ready?.customers ?? []}
      next={ready?.next ?? null}
      label="Customers"
      pagerLabel="Pages of customers"
      columns={columns}
      rowId={(row) => row._id}
      card={(row) => <CustomerCard row={row} />}
      loadingText="Loading customers..."
      emptyText="No customers match this search."
    />
  );
}
