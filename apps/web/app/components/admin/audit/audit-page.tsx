import { Link } from 'react-router';
import { auditEntities, type AuditEntryView } from '@shop/contracts/audit';
import { formatIndiaDateTime } from '../admin-format';
import * as list from '../list-page/list-page';
import { auditApi, auditListQuery } from './audit-api';
import { changedFields, recordName } from './audit-diff';

/** Where the back office shows a record, for the kinds that have a screen of their own. */
function recordPath(entry: AuditEntryView): string | null {
  if (entry.entity === 'order') return `/admin/orders/${entry.entityId}`;
  if (entry.entity === 'customer') return `/admin/customers/${entry.entityId}`;
  if (entry.entity === 'discount') return `/admin/discounts/${entry.entityId}`;
  if (entry.entity === 'offer') return `/admin/offers/${entry.entityId}`;
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

const c = list.listColumns<AuditEntryView>();
const columns = [
  c.date('at', 'When', true),
  c.text('actorEmail', 'Who', 'whitespace-nowrap'),
  c.cell('What', (entry) => <code className="whitespace-nowrap text-xs">{entry.action}</code>),
  c.cell('Record', (entry) => <RecordCell entry={entry} />),
  c.cell('Changes', (entry) => <Changes entry={entry} />),
];

/** An entry as a phone's card. */
const card = (entry: AuditEntryView) => (
  <list.ListCard
    title={<code className="text-xs font-semibold">{entry.action}</code>}
    aside={<span className="whitespace-nowrap text-muted">{formatIndiaDateTime(entry.at)}</span>}
  >
    <p className="break-all text-muted">by {entry.actorEmail}</p>
    <div className="mt-2">
      <RecordCell entry={entry} />
    </div>
    <div className="mt-2">
      <Changes entry={entry} />
    </div>
  </list.ListCard>
);

/** The log's page for the URL's filters, loaded in the browser with the signed-in client. */
export const auditLoader = list.listLoader(auditListQuery, (api, query) =>
  auditApi(api).list(query),
);

/** /admin/audit (staff and owners): who changed what, newest first, with what changed. */
export function AuditPage() {
  return (
    <list.ListPage
      list={list.useListData(auditLoader)}
      rows={(answer) => answer.entries}
      title="Audit log"
      intro={
        <p className="-mt-4 text-sm text-muted">
          Every change made in the back office: who, when, on which record, and the fields it
          changed.
        </p>
      }
      filters={{
        label: 'Filter the audit log',
        submitText: 'Apply',
        className: 'grid gap-3 sm:grid-cols-[12rem_1fr]',
        search: [
          list.selectFilter(
            'entity',
            'Kind of record',
            'Every kind',
            auditEntities,
            (kind) => kind,
          ),
          { name: 'id', label: 'Record id' },
        ],
      }}
      problemFallback="Showing the whole log instead."
      label="Audit entries"
      pagerLabel="Pages of the audit log"
      cursorParam="before"
      columns={columns}
      card={card}
      loadingText="Loading the audit log..."
      emptyText="No entries match these filters."
    />
  );
}
