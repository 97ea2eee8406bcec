import { isValidElement, useState, type ReactNode } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useLocation } from 'react-router';
import { AdminTable, CursorPager, useRowSelection, type RowSelection } from '../admin-table';
import { useCursorPages } from './cursor-pages';
import { cardFromColumns, type ListColumn } from './list-columns';
import { listButton, ListFilters, type ListFiltersSpec } from './list-filters';
import type { ListView } from './list-loader';

// What a list page needs, from one place.
export * from './list-columns';
export * from './list-filters';
export { listLoader, useListData } from './list-loader';

/** How ticked rows are named for a screen reader, and what may be done with them. */
export interface ListBulk<Row> extends Omit<RowSelection<Row>, 'state' | 'onChange'> {
  /** The actions over the ticked rows (shown once one is ticked); `done` reloads the list. */
  actions: (ticked: Row[], done: () => void) => ReactNode;
}

/** The bar of a list's ticked rows: how many, and the buttons of what may be done with them. */
export function BulkBar({
  count,
  busy = false,
  buttons,
}: {
  count: number;
  /** While one runs, the buttons wait. */
  busy?: boolean;
  buttons: readonly (readonly [words: string, act: () => void])[];
}) {
  return (
    <section
      aria-labelledby="selection-title"
      className="flex flex-wrap items-center gap-3 rounded-2xl border border-brand-200 bg-white p-4 print:hidden"
    >
      <h2 id="selection-title" className="font-medium">
        {count} selected
      </h2>
      {buttons.map(([words, act]) => (
        <button key={words} type="button" className={listButton} disabled={busy} onClick={act}>
          {words}
        </button>
      ))}
    </section>
  );
}

/** What a list's own action last said: done (a status) or refused (an alert). */
export interface ListNoticeText {
  ok: boolean;
  text: string;
}

/**
 * A list's actions on its rows, one at a time: `run` marks the list busy, clears the last notice
 * and shows the action's failure, or its words when it has any, as the new one. A record's
 * screen runs its actions the same way, starting from the notice it was opened with (what the
 * save that led there said).
 */
export function useListActions(initial: ListNoticeText | null = null) {
  const [notice, setNotice] = useState<ListNoticeText | null>(initial);
  const [busy, setBusy] = useState(false);
  async function run(work: () => Promise<string | null | void>) {
    setBusy(true);
    setNotice(null);
    try {
      const text = await work();
      if (text) setNotice({ ok: true, text });
    } catch (error) {
      setNotice({ ok: false, text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }
  return {
    notice,
    setNotice,
    busy,
    run: (work: () => Promise<string | null | void>) => void run(work),
  };
}

/** The notice of `useListActions`, kept off a list's paper (`printed`: a record's keeps it). */
export function ListNotice({
  notice,
  printed = false,
}: {
  notice: ListNoticeText | null;
  printed?: boolean;
}) {
  if (!notice) return null;
  return (
    <p
      role={notice.ok ? 'status' : 'alert'}
      className={`rounded-2xl border p-3 text-sm${printed ? '' : ' print:hidden'} ${
        notice.ok ? 'border-line bg-white' : 'border-brand-300 bg-white text-brand-800'
      }`}
    >
      {notice.text}
    </p>
  );
}

/** A row's id when the list gives no `rowId`: its `_id`, else its `id`. */
const ownId = (row: unknown) => {
  const { _id, id } = row as { _id?: string; id?: string };
  return String(_id ?? id);
};

interface ListPageProps<Row, Query, Answer> {
  /** The list's data (`useListData(itsLoader)`). */
  list: ListView<Query, Answer>;
  /** The rows of a ready answer; the next page's cursor is its `next` unless `next` says. */
  rows: (answer: Answer) => Row[];
  next?: (answer: Answer) => string | null;
  title: string;
  /** Beside the title: the screen's own buttons, e.g. 'New product'. */
  actions?: ReactNode;
  /** Under the title: a line of help, links to related screens. */
  intro?: ReactNode;
  /** The list's filters, declared (the list gives them its schema, query and path) or its own. */
  filters?: ListFiltersSpec | ReactNode;
  /** What the list shows instead of refused filters, e.g. "Showing every order instead." */
  problemFallback: string;
  /** Shown between the filters and the list, e.g. what needs attention. */
  above?: ReactNode;
  /** Names the list ("Orders") and its pager ("Pages of orders" unless `pagerLabel` says). */
  label: string;
  pagerLabel?: string;
  columns: ListColumn<Row>[];
  /** A row's id: its `_id` or `id` unless given. */
  rowId?: (row: Row) => string;
  /** A row as a phone's card: unless given, made from the columns. */
  card?: (row: Row) => ReactNode;
  /** "Loading orders..." (the label's words) unless given. */
  loadingText?: string;
  emptyText: string;
  bulk?: ListBulk<Row>;
  /** The URL parameter of the page's cursor. */
  cursorParam?: string;
  /** Only what is above the list goes on paper (a pick list being printed), not the rows. */
  printsAbove?: boolean;
}

/**
 * Every back-office list: title, filters, the reason refused filters were dropped, the rows as a
 * table (cards on phones) with their loading, failure and empty states, ticked rows' bulk
 * actions, and Previous/Next over keyset pages. A list page gives its data, columns, phone card
 * and filters.
 */
export function ListPage<Row, Query, Answer>({
  list,
  rows: rowsOf,
  next: nextOf = (answer) => (answer as { next: string | null }).next,
  title,
  actions,
  intro,
  filters,
  problemFallback,
  above,
  label,
  pagerLabel = `Pages of ${label.toLowerCase()}`,
  columns,
  rowId = ownId,
  card = cardFromColumns(columns),
  loadingText = `Loading ${label.toLowerCase()}...`,
  emptyText,
  bulk,
  cursorParam,
  printsAbove = false,
}: ListPageProps<Row, Query, Answer>) {
  const { load, problem, reload } = list;
  const { pathname } = useLocation();
  const pages = useCursorPages(cursorParam);
  const [selection, setSelection] = useRowSelection(load);
  const rows = load.state === 'ready' ? rowsOf(load.data) : [];
  const ticked = bulk ? rows.filter((row) => selection[rowId(row)]) : [];
  const paper = printsAbove ? 'print:hidden' : '';
  const declared = filters && typeof filters === 'object' && !isValidElement(filters);

  return (
    <section className="flex flex-col gap-5">
      {actions ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="font-serif text-3xl">{title}</h1>
          <div className="flex flex-wrap items-center gap-2">{actions}</div>
        </div>
      ) : (
        <h1 className={`font-serif text-3xl ${paper}`}>{title}</h1>
      )}
      {intro}
      {declared ? (
        <ListFilters
          {...(filters as ListFiltersSpec)}
          schema={list.schema}
          query={list.query as Record<string, unknown>}
          clearTo={pathname}
        />
      ) : (
        (filters as ReactNode)
      )}
      {problem ? (
        <p role="alert" className="text-sm text-brand-800">
          {problem}. {problemFallback}
        </p>
      ) : null}
      {above}
      {bulk && ticked.length > 0 ? bulk.actions(ticked, reload) : null}
      <div className={`flex flex-col gap-5 ${paper}`}>
        <AdminTable
          label={label}
          load={load}
          rows={rows}
          columns={columns}
          rowId={rowId}
          card={card}
          loadingText={loadingText}
          emptyText={emptyText}
          onRetry={reload}
          selection={
            bulk
              ? {
                  state: selection,
                  onChange: setSelection,
                  allLabel: bulk.allLabel,
                  rowLabel: bulk.rowLabel,
                }
              : undefined
          }
        />
        <CursorPager
          label={pagerLabel}
          pages={pages}
          next={load.state === 'ready' ? nextOf(load.data) : null}
        />
      </div>
    </section>
  );
}

/** What a list's route renders while its first answer loads in the browser. */
export function ListHydrateFallback() {
  return (
    <p role="status" className="p-6 text-center text-muted">
      Loading...
    </p>
  );
}
