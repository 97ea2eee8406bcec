import { useMemo, type ChangeEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import {
  grievanceStatusFilters,
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
import { AdminTable, CursorPager } from '../admin-table';
import { useAdminLoad } from '../use-admin-load';
import { TRAIL_PARAM, useCursorPages } from '../use-cursor-pages';
import { grievancesApi, grievancesQueryFromParams } from './grievances-api';

const field = 'mt-1 block w-full rounded-xl border border-line bg-white px-3 py-2 text-sm';

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

function Filters({ status, category }: { status: string; category: string }) {
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
      aria-label="Filter grievances"
      className="grid gap-3 rounded-2xl border border-line bg-white p-4 sm:grid-cols-2 lg:max-w-2xl"
    >
      <div>
        <label htmlFor="grievances-status" className="block text-sm font-medium">
          State
        </label>
        <select
          id="grievances-status"
          name="status"
          value={status}
          onChange={choose}
          className={field}
        >
          {grievanceStatusFilters.map((choice) => (
            <option key={choice} value={choice}>
              {STATUS_CHOICES[choice] ?? grievanceStatusLabels[choice as GrievanceStatus]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="grievances-category" className="block text-sm font-medium">
          About
        </label>
        <select
          id="grievances-category"
          name="category"
          value={category}
          onChange={choose}
          className={field}
        >
          <option value="">Anything</option>
          {grievanceCategories.map((choice) => (
            <option key={choice} value={choice}>
              {grievanceCategoryLabels[choice]}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}

const listGrievances = (api: ApiClient, query: GrievancesDeskQuery) =>
  grievancesApi(api).list(query);

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
  const [params] = useSearchParams();
  const key = params.toString();
  const { query, problem } = useMemo(
    () => grievancesQueryFromParams(new URLSearchParams(key)),
    [key],
  );
  const { load, reload } = useAdminLoad(key, query, listGrievances);
  const pages = useCursorPages();

  return (
    <section className="flex flex-col gap-5">
      <div>
        <h1 className="font-serif text-3xl">Grievances</h1>
        <p className="mt-1 text-sm text-muted">
          Shoppers&apos; grievances, oldest first. Each must be acknowledged within 48 hours and
          resolved within one month of receipt.
        </p>
      </div>
      <Filters status={query.status} category={query.category ?? ''} />
      {problem ? (
        <p role="alert" className="text-sm text-brand-800">
          {problem}. Showing the grievances still to resolve instead.
        </p>
      ) : null}
      <AdminTable
        label="Grievances"
        load={load}
        rows={load.state === 'ready' ? load.data.grievances : []}
        columns={columns}
        rowId={(row) => row.ticket}
        card={(row) => <GrievanceCard row={row} />}
        loadingText="Loading grievances..."
        emptyText="No grievance matches these filters."
        onRetry={reload}
      />
      <CursorPager
        label="Pages of grievances"
        pages={pages}
        next={load.state === 'ready' ? load.data.next : null}
      />
    </section>
  );
}
