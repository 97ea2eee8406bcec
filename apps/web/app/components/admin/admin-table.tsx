import { useState, type ReactNode } from 'react';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type OnChangeFn,
  type RowSelectionState,
} from '@tanstack/react-table';
import type { AdminLoad } from './list-page/list-loader';
import type { CursorPages } from './list-page/cursor-pages';

const button =
  'rounded-full border border-line bg-white px-4 py-2 text-sm font-medium hover:border-brand-300 disabled:opacity-50';
const panel = 'rounded-2xl border border-line bg-white p-6 text-center';

/** Ticked rows, and how their checkboxes are named for a screen reader. */
export interface RowSelection<Row> {
  state: RowSelectionState;
  onChange: OnChangeFn<RowSelectionState>;
  /** The header's checkbox, e.g. "Select every order on this page". */
  allLabel: string;
  /** One row's checkbox, e.g. "Select order LB-1". */
  rowLabel: (row: Row) => string;
}

/** How the order lists (orders desk, dispatch) name their checkboxes. */
export const orderTickLabels = {
  allLabel: 'Select every order on this page',
  rowLabel: (order: { orderNumber: string }) => `Select order ${order.orderNumber}`,
};

/**
 * Ticks that belong to one answer: a new answer (other filters, another page, a reload after a
 * bulk action) starts with nothing ticked, so no action ever reaches a row no longer shown.
 */
export function useRowSelection(
  answer: unknown,
): [RowSelectionState, OnChangeFn<RowSelectionState>] {
  const [ticked, setTicked] = useState<{ answer: unknown; rows: RowSelectionState }>({
    answer: null,
    rows: {},
  });
  const selection = ticked.answer === answer ? ticked.rows : {};
  const onChange: OnChangeFn<RowSelectionState> = (change) =>
    setTicked({ answer, rows: typeof change === 'function' ? change(selection) : change });
  return [selection, onChange];
}

interface AdminTableProps<Row> {
  /** Names the phone list and the table's region alike ("Orders"). */
  label: string;
  load: AdminLoad<unknown>;
  rows: Row[];
  // TanStack's own column type: each column's value type differs, so the list is `any` there.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<Row, any>[];
  rowId: (row: Row) => string;
  /** One row as a phone's card (the checkbox, when rows are selectable, is added beside it). */
  card: (row: Row) => ReactNode;
  loadingText: string;
  emptyText: string;
  onRetry: () => void;
  selection?: RowSelection<Row>;
}

/**
 * A back-office list: a table on wider screens, one card per row on phones, then the answer's
 * state (loading, failed with 'Try Again', nothing found). Rows may be ticked for bulk actions.
 */
export function AdminTable<Row>({
  label,
  load,
  rows,
  columns,
  rowId,
  card,
  loadingText,
  emptyText,
  onRetry,
  selection,
}: AdminTableProps<Row>) {
  const selectColumn: ColumnDef<Row> | null = selection
    ? {
        id: 'select',
        header: ({ table }) => (
          <input
            type="checkbox"
            aria-label={selection.allLabel}
            checked={table.getIsAllRowsSelected()}
            onChange={table.getToggleAllRowsSelectedHandler()}
            className="h-4 w-4 accent-brand-600"
          />
        ),
        cell: ({ row }) => (
          <input
            type="checkbox"
            aria-label={selection.rowLabel(row.original)}
            checked={row.getIsSelected()}
            onChange={row.getToggleSelectedHandler()}
            className="h-4 w-4 accent-brand-600"
          />
        ),
      }
    : null;
  // TanStack Table keeps a mutable instance, so React Compiler leaves this component unmemoized:
  // fine for one table of at most 100 rows.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows,
    columns: selectColumn ? [selectColumn, ...columns] : columns,
    getRowId: rowId,
    getCoreRowModel: getCoreRowModel(),
    ...(selection
      ? {
          state: { rowSelection: selection.state },
          onRowSelectionChange: selection.onChange,
          enableRowSelection: true,
        }
      : {}),
  });

  return (
    <>
      {/* Phones get one card per row; wider screens the table. */}
      <ul aria-label={label} className="flex flex-col gap-3 md:hidden">
        {table.getRowModel().rows.map((row) => (
          <li key={row.id} className="rounded-2xl border border-line bg-white p-4 text-sm">
            {selection ? (
              <div className="flex items-start gap-3">
                <input
                  type="checkbox"
                  aria-label={selection.rowLabel(row.original)}
                  checked={row.getIsSelected()}
                  onChange={row.getToggleSelectedHandler()}
                  className="mt-1 h-4 w-4 accent-brand-600"
                />
                <div className="min-w-0 flex-1">{card(row.original)}</div>
              </div>
            ) : (
              card(row.original)
            )}
          </li>
        ))}
      </ul>
      {/* A wide table scrolls sideways when it must; the region takes focus so keys can scroll it. */}
      <div
        role="region"
        aria-label={label}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className="hidden overflow-x-auto rounded-2xl border border-line bg-white md:block"
      >
        <table className="w-full text-left text-sm">
          <thead className="border-b border-line bg-blush/60">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col" className="px-3 py-2.5 font-semibold">
                    {flexRender(header.column.columnDef.header, header.getContext())}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="border-b border-line align-top last:border-0">
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-2.5">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {load.state === 'loading' ? (
        <p role="status" className={`${panel} text-muted`}>
          {loadingText}
        </p>
      ) : null}
      {load.state === 'failed' ? (
        <div role="alert" className={panel}>
          <p>{load.message}</p>
          <button type="button" className={`${button} mt-3`} onClick={onRetry}>
            Try Again
          </button>
        </div>
      ) : null}
      {load.state === 'ready' && rows.length === 0 ? (
        <p className={`${panel} text-muted`}>{emptyText}</p>
      ) : null}
    </>
  );
}

/** 'Previous' and 'Next' under a list of keyset pages; `next` is null on the last page. */
export function CursorPager({
  label,
  pages,
  next,
  className = '',
}: {
  label: string;
  pages: CursorPages;
  /** The answer's cursor of the page after this one: null on the last page or while loading. */
  next: string | null;
  className?: string;
}) {
  return (
    <nav
      aria-label={label}
      className={`flex items-center justify-between gap-3 ${className}`.trimEnd()}
    >
      <button
        type="button"
        className={button}
        disabled={!pages.hasPrevious}
        onClick={pages.previous}
      >
        Previous
      </button>
      <button
        type="button"
        className={button}
        disabled={!next}
        onClick={() => (next ? pages.next(next) : undefined)}
      >
        Next
      </button>
    </nav>
  );
}
