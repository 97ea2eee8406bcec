import { useMemo, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import type { CustomersDeskQuery, CustomersDeskRow } from '@shop/contracts/customers-desk';
import type { ApiClient } from '../../../lib/api-client';
import { formatIndiaDate, formatRupees } from '../admin-format';
import { AdminTable, CursorPager } from '../admin-table';
import { useAdminLoad } from '../use-admin-load';
import { useCursorPages } from '../use-cursor-pages';
import { customersApi } from './customers-api';
import { customersQueryFromParams } from './customers-query';

const button =
  'rounded-full border border-line bg-white px-4 py-2 text-sm font-medium hover:border-brand-300 disabled:opacity-50';

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
  const [params, setParams] = useSearchParams();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    // A new search starts from its first page.
    setParams(text ? new URLSearchParams({ q: text }) : new URLSearchParams());
  }

  return (
    <form
      key={params.get('q') ?? ''}
      onSubmit={submit}
      role="search"
      aria-label="Find customers"
      className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-4 sm:flex-row sm:items-end"
    >
      <div className="flex-1">
        <label htmlFor="customers-q" className="block text-sm font-medium">
          Search
        </label>
        <input
          id="customers-q"
          name="q"
          type="search"
          defaultValue={q}
          placeholder="Email, phone or name"
          className="mt-1 block w-full rounded-xl border border-line bg-white px-3 py-2 text-sm"
        />
      </div>
      <div className="flex gap-2">
        <button
          type="submit"
          className="rounded-full bg-brand-600 px-5 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          Search
        </button>
        <Link to="/admin/customers" className={button}>
          Clear
        </Link>
      </div>
    </form>
  );
}

const listCustomers = (api: ApiClient, query: CustomersDeskQuery) => customersApi(api).list(query);

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
  const [params] = useSearchParams();
  const key = params.toString();
  const { query, problem } = useMemo(
    () => customersQueryFromParams(new URLSearchParams(key)),
    [key],
  );
  const { load, reload } = useAdminLoad(key, query, listCustomers);
  const pages = useCursorPages();

  return (
    <section className="flex flex-col gap-5">
      <h1 className="font-serif text-3xl">Customers</h1>
      <Search q={query.q} />
      {problem ? (
        <p role="alert" className="text-sm text-brand-800">
          {problem}. Showing every customer instead.
        </p>
      ) : null}
      <AdminTable
        label="Customers"
        load={load}
        rows={load.state === 'ready' ? load.data.customers : []}
        columns={columns}
        rowId={(row) => row._id}
        card={(row) => <CustomerCard row={row} />}
        loadingText="Loading customers..."
        emptyText="No customers match this search."
        onRetry={reload}
      />
      <CursorPager
        label="Pages of customers"
        pages={pages}
        next={load.state === 'ready' ? load.data.next : null}
      />
    </section>
  );
}
