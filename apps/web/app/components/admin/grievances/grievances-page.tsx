import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import {
  grievancesDeskQuery,
  grievanceStatusFilters,
  type GrievancesDeskPage,
  type GrievancesDeskQuery,
  type GrievancesDeskRow,
} from '@shop/contracts/grievances';
import {
  grievanceCategories,
  grievanceCategoryLabels,
  grievanceStatusLabels,
  type GrievanceStatus,
} from '@shop/domain/grievances';
import type { ApiClient } from '../../../lib/api-client';
import { GrievanceClocks } from '../../legal/grievance-clocks';
import { formatIndiaDateTime } from '../admin-format';
import { listLoader, useListData } from '../list-page/list-loader';
import { ListFilters, ListPage, SelectFilter } from '../list-page/list-page';
import { grievancesApi } from './grievances-api';

const column = createColumnHelper<GrievancesDeskRow>();

function TicketLink({ row }: { row: GrievancesDeskRow }) {
  return (
    <Link
      to={`/admin/grievances/${encodeURIComponent(row.ticket)}`}
      className="font-medium text-brand-700 hover:underline"
    >
      {row.ticket}
    </Link>
  );
}

const columns = [
  column.accessor('ticket', {
    header: 'Ticket',
    cell: ({ row }) => (
      <div className="min-w-40">
        <TicketLink row={row.original} />
        <div className="text-muted">{formatIndiaDateTime(row.original.createdAt)}</div>
      </div>
    ),
  }),
  column.accessor('subject', {
    header: 'Grievance',
    cell: ({ row }) => (
      <div className="min-w-56">
        <div className="font-medium">{row.original.subject}</div>
        <div className="text-muted">
          {grievanceCategoryLabels[row.original.category]}
          {row.original.orderNumber ? ` · ${row.original.orderNumber}` : ''}
        </div>
        <div className="break-all text-muted">
          {row.original.name} · {row.original.email}
        </div>
      </div>
    ),
  }),
  column.accessor('status', {
    header: 'State',
    cell: ({ getValue }) => (
      <span className="whitespace-nowrap">{grievanceStatusLabels[getValue()]}</span>
    ),
  }),
  column.accessor('clocks', {
    header: 'Clocks',
    cell: ({ getValue }) => (
      <div className="min-w-56">
        <GrievanceClocks clocks={getValue()} />
      </div>
    ),
  }),
];

const STATUS_CHOICES: Record<string, string> = {
  unresolved: 'Still to resolve',
  all: 'Every grievance',
};

function Filters({ query }: { query: GrievancesDeskQuery }) {
  return (
    <ListFilters
      schema={grievancesDeskQuery}
      label="Filter grievances"
      clearTo="/admin/grievances"
      className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl"
      search={
        <>
          <SelectFilter
            id="grievances-status"
            label="State"
            name="status"
            value={query.status}
            choices={grievanceStatusFilters.map((choice) => [
              choice,
              STATUS_CHOICES[choice] ?? grievanceStatusLabels[choice as GrievanceStatus],
            ])}
          />
          <SelectFilter
            id="grievances-category"
            label="About"
            name="category"
            value={query.category}
            any="Anything"
            choices={grievanceCategories.map((choice) => [choice, grievanceCategoryLabels[choice]])}
          />
        </>
      }
    />
  );
}

/** The tickets for the URL's filters, loaded in the browser with the signed-in client. */
export const grievancesLoader = listLoader(grievancesDeskQuery, (api: ApiClient, query) =>
  grievancesApi(api).list(query),
);

function GrievanceCard({ row }: { row: GrievancesDeskRow }) {
  return (
    <>
      <p className="flex flex-wrap items-baseline justify-between gap-2">
        <TicketLink row={row} />
        <span>{grievanceStatusLabels[row.status]}</span>
      </p>
      <p className="mt-1 font-medium">{row.subject}</p>
      <p className="break-all text-muted">
        {grievanceCategoryLabels[row.category]} · {row.name} · {row.email}
      </p>
      <div className="mt-2">
        <GrievanceClocks clocks={row.clocks} />
      </div>
    </>
  );
}

/** /admin/grievances: the tickets, oldest first, with their 48-hour and one-month clocks. */
export function GrievancesPage() {
  const { query, problem, load, reload } = useListData<GrievancesDeskQuery, GrievancesDeskPage>();
  const ready = load.state === 'ready' ? load.data : null;

  return (
    <ListPage
      title="Grievances"
      intro={
        <p className="-mt-4 text-sm text-muted">
          Shoppers&apos; grievances, oldest first. Each must be acknowledged within 48 hours and
          resolved within one month of receipt.
        </p>
      }
      filters={<Filters query={query} />}
      problem={problem}
      problemFallback="Showing the grievances still to resolve instead."
      load={load}
      reload={reload}
      rows={ready?.grievances ?? []}
      next={ready?.next ?? null}
      label="Grievances"
      pagerLabel="Pages of grievances"
      columns={columns}
      rowId={(row) => row.ticket}
      card={(row) => <GrievanceCard row={row} />}
      loadingText="Loading grievances..."
      emptyText="No grievance matches these filters."
    />
  );
}
