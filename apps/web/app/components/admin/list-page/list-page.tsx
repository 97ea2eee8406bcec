import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ColumnDef } from '@tanstack/react-table';
import type { z } from 'zod/mini';
import { AdminTable, CursorPager, useRowSelection, type RowSelection } from '../admin-table';
import type { AdminLoad } from '../use-admin-load';
import { useCursorPages } from './cursor-pages';
import { activeFilterCount, paramsOfFilters } from './list-query';

/** The lists' buttons: a plain one, and the screen's main action. */
export const listButton =
  'rounded-full border border-line bg-white px-4 py-2 text-sm font-medium hover:border-brand-300 disabled:opacity-50';
export const listPrimary =
  'rounded-full bg-brand-600 px-5 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-50';
/** A filter field's look, shared by every list's filters. */
export const filterField =
  'mt-1 block w-full rounded-xl border border-line bg-white px-3 py-2 text-sm';
export const filterLabel = 'block text-sm font-medium';

/**
 * A filter that picks one of a few values: `any` is the blank choice that leaves it unset (none
 * for a filter that always has a value, such as the sort).
 */
export function SelectFilter({
  id,
  label,
  name,
  value,
  any,
  choices,
}: {
  id: string;
  label: string;
  name: string;
  value: string | undefined;
  any?: string;
  choices: readonly (readonly [value: string, words: string])[];
}) {
  return (
    <div>
      <label htmlFor={id} className={filterLabel}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ''} className={filterField}>
        {any === undefined ? null : <option value="">{any}</option>}
        {choices.map(([choice, words]) => (
          <option key={choice} value={choice}>
            {words}
          </option>
        ))}
      </select>
    </div>
  );
}

interface ListFiltersProps {
  /** The list's query schema: fields at its defaults are left out of the URL. */
  schema: z.core.$ZodType;
  /** The form's accessible name, e.g. "Find orders". */
  label: string;
  /** Always in view, phones included: the search box (and, on short forms, every field). */
  search: ReactNode;
  /** The rest of the filters: inline on wider screens, in a sheet behind 'Filters (n)' on phones. */
  more?: ReactNode;
  /** The submit button's words; without one, each choice applies as soon as it is made. */
  submitText?: string;
  /** Where 'Clear' leads: the list with no filters. */
  clearTo: string;
  /** Turns the form's fields into URL fields, for a field that stands for two (sort and order). */
  shape?: (fields: [string, string][]) => [string, string][];
  className?: string;
}

/**
 * A list's filter form. Submitting puts its filled fields in the URL (from the first page); the
 * form is keyed on the URL so the browser's back button shows the filters of the list it shows.
 * On phones the list comes first: only the search box is in view, the other filters open in a
 * sheet from a 'Filters' button that counts the filters set.
 */
export function ListFilters({
  schema,
  label,
  search,
  more,
  submitText,
  clearTo,
  shape = (fields) => fields,
  className = 'grid gap-3 sm:grid-cols-2 lg:grid-cols-4',
}: ListFiltersProps) {
  const [params, setParams] = useSearchParams();
  const [sheet, setSheet] = useState(false);
  const active = activeFilterCount(params);

  function apply(form: HTMLFormElement) {
    const fields = [...new FormData(form)].map(
      ([name, value]) => [name, String(value)] as [string, string],
    );
    setSheet(false);
    setParams(paramsOfFilters(schema, shape(fields)));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    apply(event.currentTarget);
  }

  return (
    <form
      key={params.toString()}
      onSubmit={submit}
      // A form without a submit button applies a choice at once (typing waits for Enter).
      onChange={
        submitText === undefined
          ? (event) => {
              if (event.target instanceof HTMLSelectElement) apply(event.currentTarget);
            }
          : undefined
      }
      role="search"
      aria-label={label}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-4"
    >
      <div className={className}>
        {search}
        {more ? (
          <div
            id={`${clearTo}-sheet`}
            role={sheet ? 'dialog' : undefined}
            aria-modal={sheet ? true : undefined}
            aria-label={sheet ? 'Filters' : undefined}
            className={
              sheet
                ? 'fixed inset-x-0 bottom-0 z-40 grid max-h-[85vh] gap-3 overflow-y-auto rounded-t-2xl border-t border-line bg-white p-4 shadow-2xl md:contents'
                : 'hidden md:contents'
            }
          >
            {more}
            {sheet ? (
              <div className="flex gap-2 md:hidden">
                <button type="submit" className={listPrimary}>
                  Show results
                </button>
                <button type="button" className={listButton} onClick={() => setSheet(false)}>
                  Close
                </button>
              </div>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className="flex flex-wrap items-end gap-2">
        {submitText === undefined ? null : (
          <button type="submit" className={listPrimary}>
            {submitText}
          </button>
        )}
        {more ? (
          <button
            type="button"
            className={`${listButton} md:hidden`}
            aria-expanded={sheet}
            aria-controls={`${clearTo}-sheet`}
            onClick={() => setSheet(true)}
          >
            {active > 0 ? `Filters (${active})` : 'Filters'}
          </button>
        ) : null}
        <Link to={clearTo} className={listButton}>
          Clear
        </Link>
      </div>
    </form>
  );
}

/** How ticked rows are named for a screen reader, and what may be done with them. */
export interface ListBulk<Row> extends Omit<RowSelection<Row>, 'state' | 'onChange'> {
  /** The actions over the ticked rows (shown once one is ticked); `done` reloads the list. */
  actions: (ticked: Row[], done: () => void) => ReactNode;
}

interface ListPageProps<Row> {
  title: string;
  /** Beside the title: the screen's own buttons, e.g. 'New product'. */
  actions?: ReactNode;
  /** Under the title: a line of help, links to related screens. */
  intro?: ReactNode;
  /** The list's filter form (a `ListFilters`). */
  filters?: ReactNode;
  problem: string | null;
  /** What the list shows instead of refused filters, e.g. "Showing every order instead." */
  problemFallback: string;
  /** Shown between the filters and the list, e.g. what needs attention. */
  above?: ReactNode;
  load: AdminLoad<unknown>;
  reload: () => void;
  /** The rows and the next page's cursor of a ready answer. */
  rows: Row[];
  next: string | null;
  /** Names the list ("Orders") and its pager ("Pages of orders"). */
  label: string;
  pagerLabel: string;
  // TanStack's own column type: each column's value type differs, so the list is `any` there.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<Row, any>[];
  rowId: (row: Row) => string;
  card: (row: Row) => ReactNode;
  loadingText: string;
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
 * actions, and Previous/Next over keyset pages. A list page gives its schema's answer, columns,
 * phone card and filters.
 */
export function ListPage<Row>({
  title,
  actions,
  intro,
  filters,
  problem,
  problemFallback,
  above,
  load,
  reload,
  rows,
  next,
  label,
  pagerLabel,
  columns,
  rowId,
  card,
  loadingText,
  emptyText,
  bulk,
  cursorParam,
  printsAbove = false,
}: ListPageProps<Row>) {
  const pages = useCursorPages(cursorParam);
  const [selection, setSelection] = useRowSelection(load);
  const ready = load.state === 'ready';
  const ticked = bulk ? rows.filter((row) => selection[rowId(row)]) : [];
  const paper = printsAbove ? 'print:hidden' : '';

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
      {filters}
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
          rows={ready ? rows : []}
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
        <CursorPager label={pagerLabel} pages={pages} next={ready ? next : null} />
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
