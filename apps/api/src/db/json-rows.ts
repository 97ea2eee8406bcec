import {
  getTableColumns,
  type Column,
  type InferInsertModel,
  type InferSelectModel,
} from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * Rows that travel as JSON to and from a database function (`to_jsonb(row)`,
 * `jsonb_populate_record`): keyed by column name there, by the schema's property name here.
 */

/** A row to insert, keyed by column name; dates become ISO strings when it is sent as JSON. */
export function toColumnNames<T extends PgTable>(
  table: T,
  row: Partial<InferInsertModel<T>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = (row as Record<string, unknown>)[key];
    if (value !== undefined) out[column.name] = value;
  }
  return out;
}

/** Each table's columns as [property, column] pairs, listed once per table. */
const columnLists = new WeakMap<PgTable, Array<[string, Column]>>();

function columnsOf(table: PgTable): Array<[string, Column]> {
  let list = columnLists.get(table);
  if (!list) {
    list = Object.entries(getTableColumns(table));
    columnLists.set(table, list);
  }
  return list;
}

/**
 * A row from `to_jsonb`, or a raw `select *` row keyed by column name, read with each column's
 * own mapping (timestamps become dates).
 */
export function fromColumnNames<T extends PgTable>(table: T, json: unknown): InferSelectModel<T> {
  const source = json as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, column] of columnsOf(table)) {
    const value = source[column.name];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as InferSelectModel<T>;
}
