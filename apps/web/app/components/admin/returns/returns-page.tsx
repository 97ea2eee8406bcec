import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  useReactTable,
} from '@tanstack/react-table';
import {
  returnsDeskStateFilters,
  type ReturnsDeskPage,
  type ReturnsDeskRow,
} from '@shop/contracts/returns-desk';
import { returnActions } from '@shop/domain/returns';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { formatIndiaDate, stateWords } from '../admin-format';
import { returnsApi } from './returns-api';
import { returnsQueryFromParams } from './returns-query';
import { ReturnItem, ReturnStateBadge } from './return-line-parts';

type Load =
  | { state: 'loading' }
  | { state: 'ready'; page: ReturnsDeskPage }
  | { state: 'failed'; message: string };

/** An answer and the request (filters, page and reload count) it answers. */
type Answer = { fetched: string } & Exclude<Load, { state: 'loading' }>;

const button =
  'rounded-full border border-line bg-white px-4 py-2 text-sm font-medium hover:border-brand-300 disabled:opacity-50';
const field = 'mt-1 block w-full rounded-xl border border-line bg-white px-3 py-2 text-sm';

const column = createColumnHelper<ReturnsDeskRow>();

const columns = [
  column.accessor('requestedAt', {
    header: 'Asked',
    cell: ({ getValue }) => (
      <span className="whitespace-nowrap">{formatIndiaDate(getValue())}</span>
    ),
  }),
  column.accessor('productName', {
    header: 'Item',
    cell: ({ row }) => (
      <div className="min-w-56">
        <ReturnItem line={row.original} link />
      </div>
    ),
  }),
  column.accessor('orderNumber', {
    header: 'Order',
    cell: ({ row }) => (
      <div className="min-w-40">
        <Link
          to={`/admin/orders/${row.original.orderId}`}
          className="font-medium text-brand-700 hover:underline"
        >
          {row.original.orderNumber}
        </Link>
        <div>{row.original.customer.name}</div>
        <div className="break-all text-muted">{row.original.customer.email}</div>
      </div>
    ),
  }),
  column.accessor('state', {
    header: 'Where it stands',
    cell: ({ row }) => (
      <div className="min-w-32">
        <ReturnStateBadge line={row.original} />
      </div>
    ),
  }),
  column.accessor('checkRule', {
    header: 'Check on arrival',
    cell: ({ getValue }) => <span className="block min-w-40 text-muted">{getValue()}</span>,
  }),
];

const STATE_CHOICES: Record<string, string> = { open: 'Still to work on', all: 'Every line' };

function Filters({ state, action }: { state: string; action: string }) {
  const [params, setParams] = useSearchParams();

  // A filter applies as soon as it is chosen, from its first page.
  function choose(event: ChangeEvent<HTMLSelectElement>) {
    const next = new URLSearchParams(params);
    next.delete('cursor');
    if (event.target.value) next.set(event.target.name, event.target.value);
    else next.delete(event.target.name);
    setParams(next);
  }

  return (
    <form
      aria-label="Filter returns"
      className="grid gap-3 rounded-2xl border border-line bg-white p-4 sm:grid-cols-2 lg:max-w-2xl"
    >
      <div>
        <label htmlFor="returns-state" className="block text-sm font-medium">
          State
        </label>
        <select id="returns-state" name="state" value={state} onChange={choose} className={field}>
          {returnsDeskStateFilters.map((choice) => (
            <option key={choice} value={choice}>
              {STATE_CHOICES[choice] ?? stateWords(choice)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="returns-action" className="block text-sm font-medium">
          Kind
        </label>
        <select
          id="returns-action"
          name="action"
          value={action}
          onChange={choose}
          className={field}
        >
          <option value="">Exchanges and returns</option>
          {returnActions.map((choice) => (
            <option key={choice} value={choice}>
              {choice === 'exchange' ? 'Exchanges' : 'Returns'}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}

/** /admin/returns: every exchange or return line, oldest request first, with where it stands. */
export function ReturnsPage() {
  const [params, setParams] = useSearchParams();
  const { authed } = useAuth();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [reloads, setReloads] = useState(0);
  // Cursors of the pages before this one, for "Previous" (keyset pages only know the next one).
  const [trail, setTrail] = useState<string[]>([]);
  const key = params.toString();
  const { query, problem } = useMemo(() => returnsQueryFromParams(new URLSearchParams(key)), [key]);

  const fetched = `${key}#${reloads}`;
  // Until the answer to these filters arrives, the page shows it is loading.
  const load: Load = answer?.fetched === fetched ? answer : { state: 'loading' };

  useEffect(() => {
    let live = true;
    authed((api) => returnsApi(api).list(query))
      .then((page) => live && setAnswer({ fetched, state: 'ready', page }))
      .catch(
        (error) => live && setAnswer({ fetched, state: 'failed', message: errorMessage(error) }),
      );
    return () => {
      live = false;
    };
  }, [query, fetched, authed]);

  const rows = load.state === 'ready' ? load.page.lines : [];
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
      <div>
        <h1 className="font-serif text-3xl">Returns</h1>
        <p className="mt-1 text-sm text-muted">
          Exchanges and returns item by item, oldest request first. Open one to approve it, book its
          pickup, check it on arrival and settle it.
        </p>
      </div>
      <Filters state={query.state} action={query.action ?? ''} />
      {problem ? (
        <p role="alert" className="text-sm text-brand-800">
          {problem}. Showing the lines still to work on instead.
        </p>
      ) : null}
      {/* Phones get one card per line; wider screens the table. */}
      <ul aria-label="Returns" className="flex flex-col gap-3 md:hidden">
        {rows.map((row) => (
          <li key={row._id} className="rounded-2xl border border-line bg-white p-4 text-sm">
            <div className="flex flex-col gap-2">
              <ReturnItem line={row} link />
              <ReturnStateBadge line={row} />
            </div>
            <p className="mt-2">
              <Link
                to={`/admin/orders/${row.orderId}`}
                className="font-medium text-brand-700 hover:underline"
              >
                {row.orderNumber}
              </Link>{' '}
              · {row.customer.name} · asked {formatIndiaDate(row.requestedAt)}
            </p>
            <p className="mt-1 text-muted">Check: {row.checkRule}</p>
          </li>
        ))}
      </ul>
      {/* A wide table scrolls sideways when it must; the region takes focus so keys can scroll it. */}
      <div
        role="region"
        aria-label="Returns"
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
          Loading returns...
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
          No exchange or return matches these filters.
        </p>
      ) : null}
      <nav aria-label="Pages of returns" className="flex items-center justify-between gap-3">
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
