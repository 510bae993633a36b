import { type Column, getTableColumns, is, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * Many rows in one bound value. Drizzle's multi-row insert binds every value of every row and
 * spends its time per value (about 3 µs each: a report's host rows alone bind 600); PGlite also
 * hands each value across to WebAssembly on its own. Here a statement binds one JSON text, which
 * `json_populate_recordset(null::<table>, $1)` turns back into rows of the table's own type in
 * the database, so the statement text never changes with the number of rows.
 */

/**
 * The JSON of `rows` keyed by the table's column names, every column present: a key left out
 * would read as NULL, not as the column's default, so a property left undefined takes the
 * column's plain default. Dates go as ISO text, nested objects (jsonb) and arrays as themselves.
 */
export function recordsetJson<Row extends object>(table: PgTable, rows: readonly Row[]): string {
  const columns = recordColumnsOf(table);
  const records: Record<string, unknown>[] = [];
  for (const row of rows) {
    const record: Record<string, unknown> = {};
    for (const { key, name, fallback } of columns) {
      const value = (row as Record<string, unknown>)[key];
      record[name] = value === undefined ? fallback : value;
    }
    records.push(record);
  }
  return JSON.stringify(records);
}

const sqlClass = sql``.constructor as typeof SQL;

interface RecordColumn {
  key: string;
  name: string;
  column: Column;
  /** What an undefined property is written as: the column's plain default, else NULL. */
  fallback: unknown;
}

const recordColumns = new WeakMap<PgTable, RecordColumn[]>();

function recordColumnsOf(table: PgTable): RecordColumn[] {
  let columns = recordColumns.get(table);
  if (!columns) {
    columns = Object.entries(getTableColumns(table)).map(([key, column]) => ({
      key,
      name: column.name,
      column,
      fallback: column.hasDefault && !is(column.default, sqlClass) ? column.default : null,
    }));
    recordColumns.set(table, columns);
  }
  return columns;
}

/** `json_populate_recordset(null::<table>, <rows>)`: the rows as a relation of the table's type. */
export function recordset<Row extends object>(table: PgTable, rows: readonly Row[]): SQL {
  return sql`json_populate_recordset(null::${table}, ${recordsetJson(table, rows)}::json)`;
}

/**
 * Rows a statement answered as one JSON array (`json_agg(t)`) back into the table's records:
 * one value crosses from the database instead of one per column and row, which on PGlite is
 * most of a read's time. Each column maps its JSON value as drizzle maps the driver's.
 */
export function recordsFromJson<Record_>(table: PgTable, json: unknown): Record_[] {
  if (!Array.isArray(json)) return [];
  const columns = recordColumnsOf(table);
  return json.map((raw: Record<string, unknown>) => {
    const record: Record<string, unknown> = {};
    for (const { key, name, column } of columns) {
      const value = raw[name];
      record[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return record as Record_;
  });
}

/** The first column of the first row a statement answers; pg and PGlite both parse json. */
export async function selectValue<Value>(db: Db, query: SQL): Promise<Value | undefined> {
  const answer: unknown = await db.execute(query);
  const [row] = (answer as { rows: Record<string, unknown>[] }).rows;
  return row ? (Object.values(row)[0] as Value) : undefined;
}

/**
 * The rows of `table` whose `column` is one of `values` (bound as one array of `type`, whatever
 * characters they hold), read as one JSON value.
 */
export async function selectRecordsIn<Record_>(
  db: Db,
  table: PgTable,
  column: AnyPgColumn,
  values: readonly string[],
  type: 'uuid' | 'text',
): Promise<Record_[]> {
  if (values.length === 0) return [];
  const json = await selectValue(
    db,
    sql`select json_agg(t) from ${table} t
         where t.${sql.identifier(column.name)} = any(array(
           select json_array_elements_text(${JSON.stringify(values)}::json)::${sql.raw(type)}))`,
  );
  return recordsFromJson<Record_>(table, json);
}
