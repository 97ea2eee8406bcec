import { useMemo, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { auditEntities, type AuditEntryView } from '@shop/contracts/audit';
import type { ApiClient } from '../../../lib/api-client';
import { formatIndiaDateTime } from '../admin-format';
import { AdminTable, CursorPager } from '../admin-table';
import { useAdminLoad } from '../use-admin-load';
import { useCursorPages } from '../use-cursor-pages';
import { auditApi } from './audit-api';
import { changedFields, recordName } from './audit-diff';
import { auditFiltersFromParams, type AuditFilters } from './audit-filters';

const field = 'mt-1 block w-full rounded-xl border border-line bg-white px-3 py-2 text-sm';
const button =
  'rounded-full border border-line bg-white px-4 py-2 text-sm font-medium hover:border-brand-300 disabled:opacity-50';

const listEntries = (api: ApiClient, filters: AuditFilters) => auditApi(api).list(filters);

/** Where the back office shows a record, for the kinds that have a screen of their own. */
function recordPath(entry: AuditEntryView): string | null {
  if (entry.entity === 'order') return `/admin/orders/${entry.entityId}`;
  if (entry.entity === 'customer') return `/admin/customers/${entry.entityId}`;
  if (entry.entity === 'discount') return `/admin/discounts/${entry.entityId}`;
  return null;
}

/** The entry's record: its name (or id), a link to it, and the log of that record alone. */
function RecordCell({ entry }: { entry: AuditEntryView }) {
  // Ids are long uuids: their first eight characters tell records apart on one screen.
  const name =
    recordName(entry.before, entry.after) ??
    (entry.entityId.length > 12 ? `${entry.entityId.slice(0, 8)}…` : entry.entityId);
  const path = recordPath(entry);
  const only = new URLSearchParams({ entity: entry.entity, id: entry.entityId });
  return (
    <div className="min-w-40 max-w-64">
      <div className="text-xs font-semibold uppercase tracking-wide text-muted">{entry.entity}</div>
      {path ? (
        <Link
          to={path}
          title={entry.entityId}
          className="break-all font-medium text-brand-700 hover:underline"
        >
          {name}
        </Link>
      ) : (
        <span className="break-all font-medium">{name}</span>
      )}
      <div>
        <Link
          to={`/admin/audit?${only.toString()}`}
          className="text-xs text-brand-700 hover:underline"
          aria-label={`Only the entries of ${entry.entity} ${name}`}
        >
          Only this record
        </Link>
      </div>
    </div>
  );
}

/** Only what changed: each field's value before and after (struck through, then bold). */
function Changes({ entry }: { entry: AuditEntryView }) {
  const changes = changedFields(entry.before, entry.after);
  if (changes.length === 0) return <span className="text-muted">No field changed</span>;
  return (
    <ul aria-label="Changes" className="min-w-48 max-w-md space-y-1">
      {changes.map((change) => (
        <li key={change.field} className="break-words">
          <span className="font-medium">{change.field}:</span>{' '}
          {change.before !== undefined ? (
            <>
              <del className="text-muted">{change.before}</del>
              {change.after !== undefined ? ' → ' : ' (removed)'}
            </>
          ) : null}
          {change.after !== undefined ? (
            <ins className="font-semibold no-underline">{change.after}</ins>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

const column = createColumnHelper<AuditEntryView>();

const columns = [
  column.accessor('at', {
    header: 'When',
    cell: ({ getValue }) => (
      <span className="whitespace-nowrap">{formatIndiaDateTime(getValue())}</span>
    ),
  }),
  column.accessor('actorEmail', {
    header: 'Who',
    cell: ({ getValue }) => <span className="whitespace-nowrap">{getValue()}</span>,
  }),
  column.accessor('action', {
    header: 'What',
    cell: ({ getValue }) => <code className="whitespace-nowrap text-xs">{getValue()}</code>,
  }),
  column.accessor('entityId', {
    header: 'Record',
    cell: ({ row }) => <RecordCell entry={row.original} />,
  }),
  column.display({
    id: 'changes',
    header: 'Changes',
    cell: ({ row }) => <Changes entry={row.original} />,
  }),
];

function Filters({ filters }: { filters: AuditFilters }) {
  const [params, setParams] = useSearchParams();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of ['entity', 'id']) {
      const value = String(form.get(name) ?? '').trim();
      if (value) next.set(name, value);
    }
    // New filters start from the newest entry.
    setParams(next);
  }

  return (
    <form
      key={params.toString()}
      onSubmit={submit}
      role="search"
      aria-label="Filter the audit log"
      className="grid gap-3 rounded-2xl border border-line bg-white p-4 sm:grid-cols-[12rem_1fr_auto] sm:items-end"
    >
      <div>
        <label htmlFor="audit-entity" className="block text-sm font-medium">
          Kind of record
        </label>
        <select
          id="audit-entity"
          name="entity"
          defaultValue={filters.entity ?? ''}
          className={field}
        >
          <option value="">Every kind</option>
          {auditEntities.map((entity) => (
            <option key={entity} value={entity}>
              {entity}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="audit-id" className="block text-sm font-medium">
          Record id
        </label>
        <input id="audit-id" name="id" defaultValue={filters.id} className={field} />
      </div>
      <div className="flex gap-2">
        <button
          type="submit"
          className="rounded-full bg-brand-600 px-5 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          Apply
        </button>
        <Link to="/admin/audit" className={button}>
          Clear
        </Link>
      </div>
    </form>
  );
}

/** /admin/audit (staff and owners): who changed what, newest first, with what changed. */
export function AuditPage() {
  const [params] = useSearchParams();
  const key = params.toString();
  const { filters, problem } = useMemo(
    () => auditFiltersFromParams(new URLSearchParams(key)),
    [key],
  );
  const { load, reload } = useAdminLoad(key, filters, listEntries);
  const pages = useCursorPages('before');

  return (
    <section className="flex flex-col gap-5">
      <div>
        <h1 className="font-serif text-3xl">Audit log</h1>
        <p className="mt-1 text-sm text-muted">
          Every change made in the back office: who, when, on which record, and the fields it
          changed.
        </p>
      </div>
      <Filters filters={filters} />
      {problem ? (
        <p role="alert" className="text-sm text-brand-800">
          {problem}. Showing the whole log instead.
        </p>
      ) : null}
      <AdminTable
        label="Audit entries"
        load={load}
        rows={load.state === 'ready' ? load.data.entries : []}
        columns={columns}
        rowId={(entry) => entry._id}
        card={(entry) => (
          <>
            <div className="flex items-baseline justify-between gap-2">
              <code className="text-xs font-semibold">{entry.action}</code>
              <span className="whitespace-nowrap text-muted">{formatIndiaDateTime(entry.at)}</span>
            </div>
            <p className="break-all text-muted">by {entry.actorEmail}</p>
            <div className="mt-2">
              <RecordCell entry={entry} />
            </div>
            <div className="mt-2">
              <Changes entry={entry} />
            </div>
          </>
        )}
        loadingText="Loading the audit log..."
        emptyText="No entries match these filters."
        onRetry={reload}
      />
      <CursorPager
        label="Pages of the audit log"
        pages={pages}
        next={load.state === 'ready' ? load.data.next : null}
      />
    </section>
  );
}
