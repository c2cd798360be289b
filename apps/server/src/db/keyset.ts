import { AppError, COUNT_CAP, KEYSET_MESSAGES, type KeysetPage } from "@flowdeck/shared";
import { count, desc, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "./database.ts";

/**
 * Keyset pagination over (created_at DESC, id DESC), the order of every long list, served by an
 * index (organization_id, created_at DESC, id DESC) on each table: a page reads pageSize + 1 index
 * entries after the cursor, never the rows before it (docs/decisions/021).
 */
export type KeysetColumns = { createdAt: PgColumn; id: PgColumn };

/**
 * The row's position, to the microsecond: a JavaScript Date keeps milliseconds only, and two rows
 * created in one millisecond would be skipped or repeated by a cursor built from it.
 */
export function cursorPosition(columns: KeysetColumns) {
  return sql<string>`to_char(${columns.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

export function keysetOrder(columns: KeysetColumns): SQL[] {
  return [desc(columns.createdAt), desc(columns.id)];
}

/** The rows after the cursor in the list's order; undefined (every row) without one. */
export function afterCursor(columns: KeysetColumns, cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const [at, id] = decodeCursor(cursor);
  return sql`(${columns.createdAt}, ${columns.id}) < (${at}::timestamptz, ${id})`;
}

/**
 * afterCursor for a prepared statement: the cursor's position and id are the placeholders
 * `cursorAt` and `cursorId`, given by cursorValues.
 */
export function afterCursorPlaceholders(columns: KeysetColumns): SQL {
  return sql`(${columns.createdAt}, ${columns.id}) < (${sql.placeholder("cursorAt")}::timestamptz, ${sql.placeholder("cursorId")})`;
}

/** The placeholders' values of afterCursorPlaceholders; refuses a cursor it cannot read. */
export function cursorValues(cursor: string): { cursorAt: string; cursorId: string } {
  const [cursorAt, cursorId] = decodeCursor(cursor);
  return { cursorAt, cursorId };
}

/** How many rows match, counting no further than COUNT_CAP + 1. */
export async function cappedCount(db: Executor, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await cappedCountQuery(db, table, where);
  return row?.value ?? 0;
}

/** cappedCount's query, not yet run (to prepare it). */
export function cappedCountQuery(db: Executor, table: PgTable, where: SQL | undefined) {
  const matches = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(COUNT_CAP + 1)
    .as("matches");
  return db.select({ value: count() }).from(matches);
}

/**
 * cappedCount as a column of the page's own query, so a page and its count are one statement
 * (PostgreSQL runs the uncorrelated subquery once). `where` names only the table's own columns.
 */
export function cappedCountColumn(table: PgTable, where: SQL | undefined) {
  const filter = where ? sql` where ${where}` : sql``;
  return sql<number>`(select count(*) from (select 1 from ${table}${filter} limit ${COUNT_CAP + 1}) matches)`.mapWith(
    Number,
  );
}

/**
 * The page from rows read with `limit(pageSize + 1)` and a `matching` column (cappedCountColumn).
 * An empty page has no row to carry the count: without a cursor it is 0; after one (a cursor past
 * the end) it is counted on its own.
 */
export async function toCountedKeysetPage<Row extends { id: string; position: string; matching: number }>(
  db: Executor,
  rows: Row[],
  options: ({ table: PgTable; where: SQL | undefined } | { count: () => Promise<number> }) & {
    cursor: string | undefined;
    pageSize: number;
  },
): Promise<KeysetPage<Omit<Row, "matching">>> {
  const { cursor, pageSize } = options;
  const countAll = () => ("count" in options ? options.count() : cappedCount(db, options.table, options.where));
  const matching = rows[0]?.matching ?? (cursor ? await countAll() : 0);
  return toKeysetPage(
    rows.map(({ matching: _count, ...row }) => row),
    matching,
    pageSize,
  );
}

/** The page from rows read with `limit(pageSize + 1)`: the extra row says there is a next page. */
export function toKeysetPage<Row extends { id: string; position: string }>(
  rows: Row[],
  matching: number,
  pageSize: number,
): KeysetPage<Row> {
  const items = rows.slice(0, pageSize);
  const last = items.at(-1);
  return {
    items,
    total: Math.min(matching, COUNT_CAP),
    totalCapped: matching > COUNT_CAP,
    nextCursor: rows.length > pageSize && last ? encodeCursor(last.position, last.id) : null,
    pageSize,
  };
}

function encodeCursor(position: string, id: string): string {
  return Buffer.from(JSON.stringify([position, id])).toString("base64url");
}

const POSITION = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

function decodeCursor(cursor: string): [string, string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === "string" &&
      POSITION.test(value[0]) &&
      typeof value[1] === "string" &&
      value[1].length > 0 &&
      value[1].length <= 100
    ) {
      return [value[0], value[1]];
    }
  } catch {
    // not base64url JSON: refused below
  }
  throw new AppError("invalid-argument", KEYSET_MESSAGES.invalidCursor, { cursor: KEYSET_MESSAGES.invalidCursor });
}
