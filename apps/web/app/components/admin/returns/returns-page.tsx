import { useMemo, type ChangeEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import {
  returnsDeskStateFilters,
  type ReturnsDeskQuery,
  type ReturnsDeskRow,
} from '@shop/contracts/returns-desk';
import { returnActions } from '@shop/domain/returns';
import type { ApiClient } from '../../../lib/api-client';
import { formatIndiaDate, stateWords } from '../admin-format';
import { AdminTable, CursorPager } from '../admin-table';
import { useAdminLoad } from '../use-admin-load';
import { TRAIL_PARAM, useCursorPages } from '../use-cursor-pages';
import { ReturnItem, ReturnStateBadge } from './return-line-parts';
import { returnsApi } from './returns-api';
import { returnsQueryFromParams } from './returns-query';

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
    next.delete(TRAIL_PARAM);
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

const listReturns = (api: ApiClient, query: ReturnsDeskQuery) => returnsApi(api).list(query);

/** A line as a phone's card. */
function ReturnCard({ row }: { row: ReturnsDeskRow }) {
  return (
    <>
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
    </>
  );
}

/** /admin/returns: every exchange or return line, oldest request first, with where it stands. */
export function ReturnsPage() {
  const [params] = useSearchParams();
  const key = params.toString();
  const { query, problem } = useMemo(() => returnsQueryFromParams(new URLSearchParams(key)), [key]);
  const { load, reload } = useAdminLoad(key, query, listReturns);
  const pages = useCursorPages();

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
      <AdminTable
        label="Returns"
        load={load}
        rows={load.state === 'ready' ? load.data.lines : []}
        columns={columns}
        rowId={(row) => row._id}
        card={(row) => <ReturnCard row={row} />}
        loadingText="Loading returns..."
        emptyText="No exchange or return matches these filters."
        onRetry={reload}
      />
      <CursorPager
        label="Pages of returns"
        pages={pages}
        next={load.state === 'ready' ? load.data.next : null}
      />
    </section>
  );
}
