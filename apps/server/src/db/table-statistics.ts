import { sql } from "drizzle-orm";
import type { Executor } from "./database.ts";

/**
 * PGlite is PostgreSQL in single-user mode, with no background workers, so no table is ever
 * vacuumed or analyzed on its own: the planner goes on believing each table is as small as when it
 * was created. With 100,000 tasks it then answers a search through the organization's index
 * instead of the trigram indexes (1–2 s instead of milliseconds) and counts a page's matches with
 * bitmap scans of the whole organization (bench/README.md, "Lists at scale"). This is the embedded
 * database's stand-in for autovacuum: VACUUM (ANALYZE) of each table that grew or shrank by more
 * than a fifth since it was last counted. It runs when the database opens (after the migrations)
 * and then every minute (jobs/embedded-statistics.ts). It answers the tables it refreshed.
 */
export async function refreshTableStatistics(db: Executor): Promise<string[]> {
  const tables = await tablesGrownSinceAnalyze(db);
  for (const table of tables) await db.execute(sql`vacuum (analyze) ${sql.identifier(table)}`);
  return tables;
}

/**
 * The application's tables whose size on disk moved by more than a fifth (and 8 pages, 64 kB)
 * since VACUUM or ANALYZE last counted them (pg_class.relpages, 0 before the first). PGlite keeps
 * no per-table change counts (pg_stat_user_tables stays at 0), so the size is what tells.
 */
async function tablesGrownSinceAnalyze(db: Executor): Promise<string[]> {
  const result = await db.execute(sql`
    select c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    cross join lateral (select pg_relation_size(c.oid) / current_setting('block_size')::int as pages) s
    where n.nspname = 'public' and c.relkind = 'r'
      and abs(s.pages - greatest(c.relpages, 0)) > 8 + greatest(c.relpages, 0) / 5
    order by c.relname`);
  // Both drivers answer { rows }.
  return (result as unknown as { rows: { name: string }[] }).rows.map((row) => row.name);
}
