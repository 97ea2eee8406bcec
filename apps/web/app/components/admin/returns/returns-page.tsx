import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import {
  returnsDeskQuery,
  returnsDeskStateFilters,
  type ReturnsDeskPage,
  type ReturnsDeskQuery,
  type ReturnsDeskRow,
} from '@shop/contracts/returns-desk';
import { returnActions } from '@shop/domain/returns';
import type { ApiClient } from '../../../lib/api-client';
import { formatIndiaDate, stateWords } from '../admin-format';
import { listLoader, useListData } from '../list-page/list-loader';
import { ListFilters, ListPage, SelectFilter } from '../list-page/list-page';
import { ReturnItem, ReturnStateBadge } from './return-line-parts';
import { returnsApi } from './returns-api';

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

function Filters({ query }: { query: ReturnsDeskQuery }) {
  return (
    <ListFilters
      schema={returnsDeskQuery}
      label="Filter returns"
      clearTo="/admin/returns"
      className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl"
      search={
        <>
          <SelectFilter
            id="returns-state"
            label="State"
            name="state"
            value={query.state}
            choices={returnsDeskStateFilters.map((choice) => [
              choice,
              STATE_CHOICES[choice] ?? stateWords(choice),
            ])}
          />
          <SelectFilter
            id="returns-action"
            label="Kind"
            name="action"
            value={query.action}
            any="Exchanges and returns"
            choices={returnActions.map((choice) => [
              choice,
              choice === 'exchange' ? 'Exchanges' : 'Returns',
            ])}
          />
        </>
      }
    />
  );
}

/** The lines for the URL's filters, loaded in the browser with the signed-in client. */
export const returnsLoader = listLoader(returnsDeskQuery, (api: ApiClient, query) =>
  returnsApi(api).list(query),
);

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
  const { query, problem, load, reload } = useListData<ReturnsDeskQuery, ReturnsDeskPage>();
  const ready = load.state === 'ready' ? load.data : null;

  return (
    <ListPage
      title="Returns"
      intro={
        <p className="-mt-4 text-sm text-muted">
          Exchanges and returns item by item, oldest request first. Open one to approve it, book its
          pickup, check it on arrival and settle it.
        </p>
      }
      filters={<Filters query={query} />}
      problem={problem}
      problemFallback="Showing the lines still to work on instead."
      load={load}
      reload={reload}
      rows={ready?.lines ?? []}
      next={ready?.next ?? null}
      label="Returns"
      pagerLabel="Pages of returns"
      columns={columns}
      rowId={(row) => row._id}
      card={(row) => <ReturnCard row={row} />}
      loadingText="Loading returns..."
      emptyText="No exchange or return matches these filters."
    />
  );
}
