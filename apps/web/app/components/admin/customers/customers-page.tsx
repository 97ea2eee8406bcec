import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  useReactTable,
} from '@tanstack/react-table';
import type { CustomersDeskPage, CustomersDeskRow } from '@shop/contracts/customers-desk';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { formatIndiaDate, formatRupees } from '../admin-format';
import { customersApi } from './customers-api';
import { customersQueryFromParams } from './customers-query';

type Load =
  | { state: 'loading' }
  | { state: 'ready'; page: CustomersDeskPage }
  | { state: 'failed'; message: string };

/** An answer and the request (search, page and reload count) it answers. */
type Answer = { fetched: string } & Exclude<Load, { state: 'loading' }>;

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

/** /admin/customers: find an account by email, phone or name; newest accounts first. */
export function CustomersPage() {
  const [params, setParams] = useSearchParams();
  const { authed } = useAuth();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [reloads, setReloads] = useState(0);
  // Cursors of the pages before this one, for "Previous" (keyset pages only know the next one).
  const [trail, setTrail] = useState<string[]>([]);
  const key = params.toString();
  const { query, problem } = useMemo(
    () => customersQueryFromParams(new URLSearchParams(key)),
    [key],
  );

  const fetched = `${key}#${reloads}`;
  // Until the answer to this search arrives, the page shows it is loading.
  const load: Load = answer?.fetched === fetched ? answer : { state: 'loading' };

  useEffect(() => {
    let live = true;
    authed((api) => customersApi(api).list(query))
      .then((page) => live && setAnswer({ fetched, state: 'ready', page }))
      .catch(
        (error) => live && setAnswer({ fetched, state: 'failed', message: errorMessage(error) }),
      );
    return () => {
      live = false;
    };
  }, [query, fetched, authed]);

  const rows = load.state === 'ready' ? load.page.customers : [];
  // TanStack Table keeps a mutable instance, so React Compiler leaves this component unmemoized:
  // fine for one table of at most 100 rows.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows,
    columns,
    getRowId: (row) => row._id,
    getCoreRowModel: getCoreRowModel(),
  });

  function goTo(cursor: string | undefined, nextTrail: string[]) {
    const next = new URLSearchParams(params);
    if (cursor) next.set('cursor', cursor);
    else next.delete('cursor');
    setTrail(nextTrail);
    setParams(next);
  }

  return (
    <section className="flex flex-col gap-5">
      <h1 className="font-serif text-3xl">Customers</h1>
      <Search q={query.q} />
      {problem ? (
        <p role="alert" className="text-sm text-brand-800">
          {problem}. Showing every customer instead.
        </p>
      ) : null}
      {/* Phones get one card per customer; wider screens the table. */}
      <ul aria-label="Customers" className="flex flex-col gap-3 md:hidden">
        {rows.map((row) => (
          <li key={row._id} className="rounded-2xl border border-line bg-white p-4 text-sm">
            <div className="flex items-baseline justify-between gap-2">
              <Link
                to={`/admin/customers/${row._id}`}
                className="font-medium text-brand-700 hover:underline"
              >
                {row.name}
              </Link>
              <span className="whitespace-nowrap font-medium">
                {formatRupees(row.lifetimeValue)}
              </span>
            </div>
            <p className="break-all text-muted">{row.email}</p>
            <p className="text-muted">{row.phone}</p>
            <p className="mt-1">
              {row.ordersCount === 0
                ? 'No orders yet'
                : `${row.ordersCount} ${row.ordersCount === 1 ? 'order' : 'orders'}, the last on ${lastOrder(row)}`}
            </p>
            <p className="text-muted">Joined {formatIndiaDate(row.joinedAt)}</p>
          </li>
        ))}
      </ul>
      {/* A wide table scrolls sideways when it must; the region takes focus so keys can scroll it. */}
      <div
        role="region"
        aria-label="Customers"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className="hidden overflow-x-auto rounded-2xl border border-line bg-white md:block"
      >
        <table className="w-full text-left text-sm">
          <thead className="border-b border-line bg-blush/60">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col" className="px-3 py-2.5 font-semibold">
                    {flexRender(header.column.columnDef.header, header.getContext())}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="border-b border-line last:border-0 align-top">
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-2.5">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {load.state === 'loading' ? (
        <p
          role="status"
          className="rounded-2xl border border-line bg-white p-6 text-center text-muted"
        >
          Loading customers...
        </p>
      ) : null}
      {load.state === 'failed' ? (
        <div role="alert" className="rounded-2xl border border-line bg-white p-6 text-center">
          <p>{load.message}</p>
          <button
            type="button"
            className={`${button} mt-3`}
            onClick={() => setReloads((n) => n + 1)}
          >
            Try Again
          </button>
        </div>
      ) : null}
      {load.state === 'ready' && rows.length === 0 ? (
        <p className="rounded-2xl border border-line bg-white p-6 text-center text-muted">
          No customers match this search.
        </p>
      ) : null}
      <nav aria-label="Pages of customers" className="flex items-center justify-between gap-3">
        <button
          type="button"
          className={button}
          disabled={!query.cursor}
          onClick={() => goTo(trail.at(-1), trail.slice(0, -1))}
        >
          Previous
        </button>
        <button
          type="button"
          className={button}
          disabled={load.state !== 'ready' || !load.page.next}
          onClick={() =>
            load.state === 'ready' && load.page.next
              ? goTo(load.page.next, query.cursor ? [...trail, query.cursor] : [])
              : undefined
          }
        >
          Next
        </button>
      </nav>
    </section>
  );
}
