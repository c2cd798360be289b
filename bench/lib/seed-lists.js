import path from "node:path";
import { queryDatabase } from "./postgres.js";

/** Every this-many-th seeded row has SEARCH_TERM in its name or title: 1 in 1,000. */
const NEEDLE_EVERY = 1_000;
/** A word the seeded rows contain only where NEEDLE_EVERY says: its matches grow with the list. */
export const SEARCH_TERM = "needle";
/**
 * The rows numbered 1 to PINNED_MATCHES (seeded first) have PINNED_TERM in their name or title: a
 * search for it finds the same rows, more than a page of them, at every size of the list.
 */
const PINNED_MATCHES = 25;
export const PINNED_TERM = "lantern";
const BATCH = 50_000;

/**
 * Inserts the rows numbered `from` to `to` (inclusive) of each long list into the organization,
 * straight in SQL (generate_series): tasks, workflows, documents (each with its stored version-1
 * file row, empty: lists never read contents) and credit-ledger rows. Row g is created g seconds
 * before `origin`, so rows seeded later are older and the first page stays the same rows. One in
 * NEEDLE_EVERY names holds SEARCH_TERM, and the first PINNED_MATCHES hold PINNED_TERM. The ledger alternates +1 additions and −1 consumptions, so
 * an even number of rows leaves the organization's balance equal to the sum of its ledger, as the
 * credits module keeps it. Nothing else counts these rows (no trigger or count table covers them).
 *
 * `query(text, params)` runs one statement: on PostgreSQL its own connection, on PGlite the
 * database the bench opened while the server was stopped (openPglite).
 */
export async function seedLists(query, { organizationId, userId, origin, from, to }) {
  if ((to - from + 1) % 2 !== 0) throw new Error("seed an even number of rows so that the ledger sums to zero");
  for (let first = from; first <= to; first += BATCH) {
    const last = Math.min(first + BATCH - 1, to);
    const params = [
      ...[organizationId, userId, first, last, origin.toISOString()],
      ...[NEEDLE_EVERY, SEARCH_TERM, PINNED_MATCHES, PINNED_TERM],
    ];
    for (const statement of STATEMENTS) await query(statement, params);
    process.stdout.write(`    seeded rows ${first}–${last} of each list\n`);
  }
}

// $1 organization, $2 user, $3–$4 the rows' numbers, $5 origin, $6 NEEDLE_EVERY, $7 SEARCH_TERM,
// $8 PINNED_MATCHES, $9 PINNED_TERM. `words` are the searched words of row g.
const ROWS = `from generate_series($3::int, $4::int) g,
  lateral (select $5::timestamptz - make_interval(secs => g),
    case when g % $6::int = 1 then ' ' || $7::text else '' end
      || case when g <= $8::int then ' ' || $9::text else '' end) t(at, words)`;

const STATEMENTS = [
  `insert into tasks (id, organization_id, name, description, category, status, command_linux, tags,
     created_by, updated_by, created_at, updated_at)
   select 'bench-task-' || $1 || '-' || g, $1, 'Bench task ' || g || words, 'Seeded by the bench', 'general', 'active', 'true',
     array['bench', 'group-' || g % 50], $2, $2, at, at
   ${ROWS}`,
  `insert into workflows (id, organization_id, name, description, status, created_by, updated_by, created_at, updated_at)
   select 'bench-workflow-' || $1 || '-' || g, $1, 'Bench workflow ' || g || words, 'Seeded by the bench', 'active', $2, $2, at, at
   ${ROWS}`,
  `with seeded as (
     insert into documents (id, organization_id, title, description, category, tags, file_name, file_size,
       file_type, version, uploaded_by, updated_by, created_at, updated_at)
     select 'bench-document-' || $1 || '-' || g, $1, 'Bench document ' || g || words, 'Seeded by the bench', 'general',
       array['bench'], 'bench-' || g || '.txt', 0, 'text/plain', 1, $2, $2, at, at
     ${ROWS}
     returning id, file_name, created_at
   )
   insert into document_files (id, document_id, organization_id, version, file_name, file_size, file_type, sha256,
     content, uploaded_by, created_at)
   select id || '-v1', id, $1, 1, file_name, 0, 'text/plain',
     'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', ''::bytea, $2, created_at
   from seeded`,
  `insert into credit_transactions (id, organization_id, user_id, amount, type, description, created_at)
   select 'bench-credit-' || $1 || '-' || g, $1, $2, case when g % 2 = 0 then 1 else -1 end,
     case when g % 2 = 0 then 'addition' else 'consumption' end, 'Bench' || words, at
   ${ROWS}`,
];

/** seedLists' `query` on PostgreSQL: each statement on its own connection. */
export function postgresQuery(databaseUrl) {
  return (text, params) => queryDatabase(databaseUrl, text, params);
}

/**
 * Opens the server's embedded database in `dataDir` (the server's DATA_DIR) in this process, as
 * apps/server/src/db/pglite-worker.js does: PGlite with the pg_trgm extension the migrations
 * create. The server must be stopped: it holds the database's only connection (decision 003).
 */
export async function openPglite(dataDir) {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const db = await PGlite.create(path.join(dataDir, "pglite"), { extensions: { pg_trgm } });
  return { query: async (text, params) => (await db.query(text, params)).rows, close: () => db.close() };
}
