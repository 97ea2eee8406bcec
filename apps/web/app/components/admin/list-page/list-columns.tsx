import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { formatIndiaDate, formatIndiaDateTime, formatRupees } from '../admin-format';

// TanStack's own column type: each column's value type differs, so a list of them is `any` there.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ListColumn<Row> = ColumnDef<Row, any>;

/** The keys of a row whose values are of type `Value`. */
type KeysOf<Row, Value> = { [Key in keyof Row]: Row[Key] extends Value ? Key : never }[keyof Row] &
  string;

/**
 * A column showing what `cell` makes of a row, wrapped in `className` when given (a minimum width
 * for a cell of several lines, `whitespace-nowrap` for a date or an amount). The header names it:
 * no list has two columns of one name.
 */
export function column<Row>(
  header: string,
  cell: (row: Row) => ReactNode,
  className?: string,
): ListColumn<Row> {
  return {
    id: header,
    header,
    cell: ({ row }) =>
      className ? <div className={className}>{cell(row.original)}</div> : cell(row.original),
  };
}

/** A column of a field shown as it is (a count, a name). */
export const textColumn = <Row,>(key: KeysOf<Row, ReactNode>, header: string, className?: string) =>
  column<Row>(header, (row) => row[key] as ReactNode, className);

/** A column of rupees, written the back office's way on one line (₹1,23,456). */
export const moneyColumn = <Row,>(key: KeysOf<Row, number>, header: string) =>
  column<Row>(header, (row) => formatRupees(row[key] as number), 'whitespace-nowrap');

/** A column of a moment in India's calendar: its day, or with `time` its day and time. */
export const dateColumn = <Row,>(key: KeysOf<Row, string>, header: string, time = false) =>
  column<Row>(
    header,
    (row) => (time ? formatIndiaDateTime : formatIndiaDate)(row[key] as string),
    'whitespace-nowrap',
  );

/** A column of a state in words (or a badge), from its own words for each state. */
export const statusColumn = <Row, Key extends KeysOf<Row, string>>(
  key: Key,
  header: string,
  words: (state: Row[Key]) => ReactNode,
) => column<Row>(header, (row) => words(row[key]), 'whitespace-nowrap');

/**
 * The column helpers bound to one kind of row, so a list writes `c.money('total', 'Total')` and
 * its keys are checked against its rows.
 */
export const listColumns = <Row,>() => ({
  cell: column<Row>,
  text: textColumn<Row>,
  money: moneyColumn<Row>,
  date: dateColumn<Row>,
  status: <Key extends KeysOf<Row, string>>(
    key: Key,
    header: string,
    words: (state: Row[Key]) => ReactNode,
  ) => statusColumn<Row, Key>(key, header, words),
});

/** The link to a row's own screen, as every list draws it. */
export function RowLink({
  to,
  children,
  className = 'font-medium',
}: {
  to: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Link to={to} className={`${className} text-brand-700 hover:underline`}>
      {children}
    </Link>
  );
}

const tones = {
  plain: 'bg-blush text-brand-800',
  alert: 'bg-amber-100 text-amber-900',
  off: 'bg-stone-200 text-stone-800',
};

/** A short state in a pill: plain, one the shop must act on, or one switched off. */
export function Badge({ text, tone = 'plain' }: { text: ReactNode; tone?: keyof typeof tones }) {
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[tone]}`}
    >
      {text}
    </span>
  );
}

/**
 * A row as a phone's card: its title (the link to it) with what matters most beside it, then
 * lines of detail.
 */
export function ListCard({
  title,
  aside,
  children,
}: {
  title: ReactNode;
  aside?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      <div className="flex items-baseline justify-between gap-2">
        {title}
        {aside}
      </div>
      {children}
    </>
  );
}

/**
 * The card of a list that gives none: the first column's cell as its title, then each other
 * column as "Header: cell" (its header muted), so a new list reads on a phone from its columns.
 */
export function cardFromColumns<Row>(columns: ListColumn<Row>[]) {
  const cellOf = (entry: ListColumn<Row>, row: Row) =>
    typeof entry.cell === 'function'
      ? // The columns' helpers read nothing but the row from the cell's context.
        entry.cell({ row: { original: row } } as Parameters<typeof entry.cell>[0])
      : null;
  return function Card(row: Row) {
    const [first, ...rest] = columns;
    return (
      <>
        {first ? <div className="font-medium">{cellOf(first, row)}</div> : null}
        {rest.map((entry, index) => (
          <div key={index} className="mt-1 flex flex-wrap gap-x-1">
            <span className="text-muted">{String(entry.header)}:</span>
            {cellOf(entry, row)}
          </div>
        ))}
      </>
    );
  };
}
