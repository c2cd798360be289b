import { AppError, COUNT_CAP, KEYSET_MESSAGES, type KeysetPage } from "@flowdeck/shared";
import { count, desc, lt, sql, type Placeholder, type SQL } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { PgDialect, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "./database.ts";

/**
 * Keyset pagination over (created_at DESC, id DESC), the order of every long list, served by an
 * index (organization_id, created_at DESC, id DESC) on each table: a page reads pageSize + 1 index
 * entries after the cursor, never the rows before it (docs/decisions/021). Its count is exact up to
 * PAGE_COUNT_LIMIT in the page's statement; beyond, the planner's estimate decides whether counting
 * up to COUNT_CAP is worth it (docs/decisions/048).
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

/**
 * The rows after the cursor in the list's order; undefined (every row) without one. A cursor it
 * cannot read is refused with `message` (a list may say it its own way).
 */
export function afterCursor(
  columns: KeysetColumns,
  cursor: string | undefined,
  message: string = KEYSET_MESSAGES.invalidCursor,
): SQL | undefined {
  if (!cursor) return undefined;
  const [at, id] = decodeCursor(cursor, message);
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

/**
 * A page's own statement counts its matches exactly up to this many (cappedCountColumn): small and
 * medium lists get their page and their count in one statement, and the count reads at most 1,001
 * rows however large the organization (docs/decisions/048).
 */
export const PAGE_COUNT_LIMIT = 1_000;

/**
 * A planner estimate at least this high answers "more than COUNT_CAP" without counting. The margin
 * of five times the cap is there because the planner's row estimates can be off by a few times
 * (stale statistics, conditions it cannot see into), and a list must not say "10,000+" for 3,000.
 */
export const ESTIMATE_CAP = 5 * COUNT_CAP;

/**
 * The matches counted in a column of the page's own query, so a page and its count are one
 * statement (PostgreSQL runs the uncorrelated subquery once), no further than PAGE_COUNT_LIMIT + 1.
 * `where` names only the table's own columns. A list `remembered` beyond the cap
 * (rememberedBeyondTheCap) is not counted again: the column is then PAGE_COUNT_LIMIT + 1 itself,
 * which sends the page to countMatches, which answers from memory, and the page reads its rows only.
 */
export function cappedCountColumn(table: PgTable, where: SQL | undefined, remembered: boolean) {
  const matching = remembered
    ? sql.raw(String(PAGE_COUNT_LIMIT + 1))
    : sql`(select count(*) from (${matchingRows(table, where)} limit ${PAGE_COUNT_LIMIT + 1}) matches)`;
  return sql<number>`${matching}`.mapWith(Number);
}

/** Whether the list of these conditions (with their values) is remembered beyond the cap, for now. */
export function rememberedBeyondTheCap(table: PgTable, where: SQL | undefined): boolean {
  return beyondTheCap.has(matchesKey(table, where));
}

/**
 * A search's matches, read once (docs/decisions/051): the id and position of each row matching
 * `where`, no more than PAGE_COUNT_LIMIT + 1 of them, as the common table expression `matches`.
 * Nothing asks them in an order, so they are found through the search's own (trigram) indexes; a
 * page is then sorted out of them (searchedPageIds) and they are counted (countOf). The page is
 * right only when every match is there: when more than PAGE_COUNT_LIMIT match, the caller reads
 * the page in the list's order instead (isWholeSearch).
 */
export function searchMatches(db: Executor, table: PgTable, columns: KeysetColumns, where: SQL | undefined) {
  return db.$with("matches").as(
    db
      .select({ id: columns.id, createdAt: columns.createdAt })
      .from(table)
      .where(where)
      .limit(PAGE_COUNT_LIMIT + 1),
  );
}

type SearchMatches = ReturnType<typeof searchMatches>;

/** The ids of a page of the matches, newest first, after `cursor` (a condition on the matches' columns). */
export function searchedPageIds(
  db: Executor,
  matches: SearchMatches,
  cursor: SQL | undefined,
  limit: number | Placeholder,
) {
  return db
    .select({ id: matches.id })
    .from(matches)
    .where(cursor)
    .orderBy(...keysetOrder(matches))
    .limit(limit)
    .as("page_ids");
}

/** How many matches there are (at most PAGE_COUNT_LIMIT + 1): the page's `matching` column. */
export function countOf(matches: SearchMatches) {
  return sql<number>`(select count(*) from ${matches})`.mapWith(Number);
}

/**
 * Whether a page read from searchMatches is the search's page: it is when at most PAGE_COUNT_LIMIT
 * rows match. An empty page after a cursor cannot tell, and neither can it be trusted then.
 */
export function isWholeSearch(rows: { matching: number }[], cursor: string | undefined): boolean {
  const [first] = rows;
  return first ? first.matching <= PAGE_COUNT_LIMIT : !cursor;
}

/**
 * How many rows match, for a page whose own count passed PAGE_COUNT_LIMIT or an empty page after a
 * cursor (which has no row to carry one): COUNT_CAP + 1 when the list is remembered beyond the cap
 * or the planner estimates ESTIMATE_CAP matches or more, else counted exactly, no further than
 * COUNT_CAP + 1. `where` holds real values, not placeholders: the estimate is the planner's for
 * these very values.
 */
async function countMatches(db: Executor, table: PgTable, where: SQL | undefined): Promise<number> {
  const key = matchesKey(table, where);
  if (beyondTheCap.has(key)) return COUNT_CAP + 1;
  const counted =
    (await estimatedMatches(db, table, where)) >= ESTIMATE_CAP ? COUNT_CAP + 1 : await countUpToCap(db, table, where);
  if (counted > COUNT_CAP) beyondTheCap.set(key, true);
  return counted;
}

/** The matches counted exactly, no further than COUNT_CAP + 1. */
async function countUpToCap(db: Executor, table: PgTable, where: SQL | undefined): Promise<number> {
  const matches = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(COUNT_CAP + 1)
    .as("matches");
  const [row] = await db.select({ value: count() }).from(matches);
  return row?.value ?? 0;
}

/**
 * Lists known to be beyond the cap (estimated far beyond it, or counted past it), by their
 * statement and values, for a minute: the next pages of a large list then send one statement
 * each, and count nothing (cappedCountColumn). A list that shrinks meanwhile says "10,000+" until
 * the minute is over; one emptied altogether says 0 on its first page.
 */
const beyondTheCap = new LRUCache<string, true>({ max: 1_000, ttl: 60_000 });
const dialect = new PgDialect();

function matchesKey(table: PgTable, where: SQL | undefined): string {
  const query = dialect.sqlToQuery(matchingRows(table, where));
  return `${query.sql} ${JSON.stringify(query.params)}`;
}

type ExplainResult = { rows: { "QUERY PLAN": unknown }[] };
type JsonPlan = [{ Plan?: { "Plan Rows"?: number } }];

/** The planner's row estimate for the matches (EXPLAIN, not run); 0 when unreadable, so they are counted. */
async function estimatedMatches(db: Executor, table: PgTable, where: SQL | undefined): Promise<number> {
  const explain = sql`explain (format json) ${matchingRows(table, where)}`;
  // Both drivers (node-postgres and PGlite) answer with `rows`; the plan comes parsed or as text.
  const { rows } = (await db.execute(explain)) as unknown as ExplainResult;
  const plan = rows[0]?.["QUERY PLAN"];
  const parsed = (typeof plan === "string" ? JSON.parse(plan) : plan) as JsonPlan | undefined;
  return Number(parsed?.[0]?.Plan?.["Plan Rows"] ?? 0);
}

/** `select 1 from <table> where …`: what each count, its estimate and its memo key are of. */
function matchingRows(table: PgTable, where: SQL | undefined): SQL {
  return sql`select 1 from ${table}${where ? sql` where ${where}` : sql``}`;
}

/**
 * The page from rows read with `limit(pageSize + 1)` and a `matching` column (cappedCountColumn).
 * Up to PAGE_COUNT_LIMIT that column is the count; beyond it, or on an empty page after a cursor (a
 * cursor past the end: no row carries the count), countMatches answers. An empty first page is 0.
 */
export async function toCountedKeysetPage<Row extends { id: string; position: string; matching: number }>(
  db: Executor,
  rows: Row[],
  options: { table: PgTable; where: SQL | undefined; cursor: string | undefined; pageSize: number },
): Promise<KeysetPage<Omit<Row, "matching">>> {
  const { table, where, cursor, pageSize } = options;
  const counted = rows[0]?.matching ?? (cursor ? undefined : 0);
  const matching =
    counted !== undefined && counted <= PAGE_COUNT_LIMIT ? counted : await countMatches(db, table, where);
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
  return {
    items,
    total: Math.min(matching, COUNT_CAP),
    totalCapped: matching > COUNT_CAP,
    nextCursor: keysetNextCursor(rows, pageSize),
    pageSize,
  };
}

/**
 * A list ordered by a growing integer id, newest first (the audit log, whose cursor the API gives
 * as the last id's digits): the rows below the cursor's id.
 */
export function belowIdCursor(column: PgColumn, cursor: string | undefined): SQL | undefined {
  return cursor ? lt(column, Number(cursor)) : undefined;
}

/**
 * The next page's id cursor: the last item's id when the read (`limit(pageSize + 1)`) found
 * `read` rows, more than the page holds; null on the last page.
 */
export function idNextCursor(items: readonly { id: string }[], read: number, pageSize: number): string | null {
  return read > pageSize ? (items.at(-1)?.id ?? null) : null;
}

/** The next page's cursor from rows read with `limit(pageSize + 1)`; null on the last page. */
export function keysetNextCursor(rows: readonly { id: string; position: string }[], pageSize: number): string | null {
  const last = rows.slice(0, pageSize).at(-1);
  return rows.length > pageSize && last ? encodeCursor(last.position, last.id) : null;
}

function encodeCursor(position: string, id: string): string {
  return Buffer.from(JSON.stringify([position, id])).toString("base64url");
}

const POSITION = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

function decodeCursor(cursor: string, message: string = KEYSET_MESSAGES.invalidCursor): [string, string] {
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
  throw new AppError("invalid-argument", message, { cursor: message });
}
