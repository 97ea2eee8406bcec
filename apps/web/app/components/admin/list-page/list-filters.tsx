import {
  isValidElement,
  useState,
  type ChangeEvent,
  type FormEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod/mini';
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

type Choices = readonly (readonly [value: string, words: string])[];

/**
 * One filter declared by the query field it sets: a box (a search, a date, an amount) or, with
 * `choices`, a select. Its value comes from the list's query.
 */
export interface FilterSpec {
  name: string;
  label: string;
  type?: 'search' | 'text' | 'date' | 'number';
  placeholder?: string;
  /** A select's choices; `any` is the blank choice that leaves it unset (none: always set). */
  choices?: Choices;
  any?: string;
  /** The shown value when it is not the query's field of that name (a sort and its direction). */
  value?: (query: Record<string, unknown>) => string;
  /** The field's box in the form's grid, e.g. `sm:col-span-2`. */
  className?: string;
}

/** A filter: declared, two declared side by side, or a field of the list's own making. */
export type Filter = FilterSpec | readonly [FilterSpec, FilterSpec] | ReactElement;

/** A search box's spec: `q` unless named otherwise. */
export const searchFilter = (
  label: string,
  placeholder: string,
  className?: string,
  name = 'q',
): FilterSpec => ({ name, label, placeholder, type: 'search', className });

/** A select's choices: each value with its words. */
export const choicesOf = <Value extends string>(
  values: readonly Value[],
  words: ((value: Value) => string) | Record<Value, string>,
): Choices =>
  values.map((value) => [value, typeof words === 'function' ? words(value) : words[value]]);

/** A select's spec: its choices given, or its values with their words. */
export function selectFilter<Value extends string>(
  name: string,
  label: string,
  any: string | undefined,
  ...[choices, words]:
    | [choices: Choices]
    | [values: readonly Value[], words: ((value: Value) => string) | Record<Value, string>]
): FilterSpec {
  return {
    name,
    label,
    any,
    choices: words ? choicesOf(choices as readonly Value[], words) : (choices as Choices),
  };
}

/**
 * The `shape` of a form whose one field stands for two URL fields, its value their values joined
 * by '-' (a sort and its direction: `total-desc`).
 */
export const splitField =
  (field: string, first: string, second: string) => (fields: [string, string][]) =>
    fields.flatMap(([name, value]): [string, string][] => {
      if (name !== field) return [[name, value]];
      const [one = '', two = ''] = value.split('-');
      return [
        [first, one],
        [second, two],
      ];
    });

/**
 * A filter that picks one of a few values: `any` is the blank choice that leaves it unset (none
 * for a filter that always has a value, such as the sort). With `onChange` the page holds its
 * value (another filter's choices follow it).
 */
export function SelectFilter({
  id,
  label,
  name,
  value,
  any,
  choices,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  name: string;
  value: string | undefined;
  any?: string;
  choices: Choices;
  disabled?: boolean;
  onChange?: (value: string) => void;
}) {
  const shown = onChange
    ? {
        value: value ?? '',
        onChange: (event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value),
      }
    : { defaultValue: value ?? '' };
  return (
    <div>
      <label htmlFor={id} className={filterLabel}>
        {label}
      </label>
      <select id={id} name={name} {...shown} disabled={disabled} className={filterField}>
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

/** A declared filter as its field, its value from the query. */
export function DeclaredFilter({
  spec,
  query,
}: {
  spec: FilterSpec;
  query: Record<string, unknown>;
}) {
  const id = `filter-${spec.name}`;
  const raw = spec.value ? spec.value(query) : query[spec.name];
  const value = raw === undefined || raw === null ? undefined : String(raw);
  if (spec.choices) {
    const select = <SelectFilter id={id} {...spec} choices={spec.choices} value={value} />;
    return spec.className ? <div className={spec.className}>{select}</div> : select;
  }
  return (
    <div className={spec.className}>
      <label htmlFor={id} className={filterLabel}>
        {spec.label}
      </label>
      <input
        id={id}
        name={spec.name}
        type={spec.type ?? 'text'}
        placeholder={spec.placeholder}
        defaultValue={value}
        {...(spec.type === 'number' ? { min: 0, inputMode: 'decimal' as const } : {})}
        className={filterField}
      />
    </div>
  );
}

/** Declared filters as fields, with their values from the query; other nodes as they are. */
function fieldsOf(filters: readonly Filter[] | ReactNode, query: Record<string, unknown>) {
  if (!Array.isArray(filters)) return filters as ReactNode;
  return (filters as readonly Filter[]).map((filter, index) => {
    if (isValidElement(filter)) return filter;
    if (Array.isArray(filter))
      return (
        <div key={index} className="grid grid-cols-2 gap-2">
          {filter.map((spec: FilterSpec) => (
            <DeclaredFilter key={spec.name} spec={spec} query={query} />
          ))}
        </div>
      );
    const spec = filter as FilterSpec;
    return <DeclaredFilter key={spec.name} spec={spec} query={query} />;
  });
}

/** A list's filters as its page declares them; the list fills in its schema, query and path. */
export interface ListFiltersSpec {
  /** The form's accessible name, e.g. "Find orders". */
  label: string;
  /** Always in view, phones included: the search box (and, on short forms, every field). */
  search: readonly Filter[] | ReactNode;
  /** The rest of the filters: inline on wider screens, in a sheet behind 'Filters (n)' on phones. */
  more?: readonly Filter[] | ReactNode;
  /** The submit button's words; without one, each choice applies as soon as it is made. */
  submitText?: string;
  /** Turns the form's fields into URL fields, for a field that stands for two (sort and order). */
  shape?: (fields: [string, string][]) => [string, string][];
  className?: string;
}

interface ListFiltersProps extends ListFiltersSpec {
  /** The list's query schema: fields at its defaults are left out of the URL. */
  schema: z.core.$ZodType;
  /** The query read from the URL: the declared filters' values. */
  query?: Record<string, unknown>;
  /** Where 'Clear' leads: the list with no filters. */
  clearTo: string;
}

/**
 * A list's filter form. Submitting puts its filled fields in the URL (from the first page); the
 * form is keyed on the URL so the browser's back button shows the filters of the list it shows.
 * On phones the list comes first: only the search box is in view, the other filters open in a
 * sheet from a 'Filters' button that counts the filters set.
 */
export function ListFilters({
  schema,
  query = {},
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
        {fieldsOf(search, query)}
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
            {fieldsOf(more, query)}
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
