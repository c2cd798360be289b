import { queryDatabase } from "./postgres.js";

/** The seeded runs' started_at spreads evenly over this many days before now. */
export const SEED_SPAN_DAYS = 100;
const BATCH = 100_000;

/**
 * Inserts `count` ended runs into the organization straight in SQL (generate_series), each with
 * one step and one log chunk, round-robin over `workflowIds` and spread evenly over the last
 * SEED_SPAN_DAYS days; one in ten failed. `from` numbers the runs so that seeding again adds more.
 * Batches of 100,000 keep each transaction short. Ends with VACUUM ANALYZE, as autovacuum would.
 */
export async function seedRuns(databaseUrl, { organizationId, workflowIds, from, count }) {
  for (let first = from; first < from + count; first += BATCH) {
    const last = Math.min(first + BATCH, from + count) - 1;
    await queryDatabase(
      databaseUrl,
      `with runs as (
         insert into workflow_runs (id, workflow_id, organization_id, trigger, kind, platform, status,
           started_at, claimed_at, finished_at, next_log_seq, log_bytes)
         select 'bench-run-' || g, ($2::text[])[1 + g % cardinality($2::text[])], $1, 'schedule', 'executed', 'linux',
           case when g % 10 = 0 then 'failed' else 'succeeded' end,
           at, at + interval '50 ms', at + interval '1 s', 2, 3
         from generate_series($3::int, $4::int) g,
           lateral (select now() - make_interval(secs => (g::bigint * 7919 % $5::int)::float / $5 * $6 * 86400)) t(at)
         returning id, started_at, status
       ), steps as (
         insert into workflow_run_steps (id, run_id, position, name, status, command, exit_code, started_at, finished_at)
         select id || '-step', id, 0, 'Bench step', status, 'true', case when status = 'failed' then 1 else 0 end,
           started_at + interval '50 ms', started_at + interval '1 s'
         from runs
       )
       insert into run_log_chunks (run_id, seq, position, stream, text, bytes)
       select id, 1, 0, 'stdout', 'ok' || chr(10), 3 from runs`,
      [organizationId, workflowIds, first, last, 1_000_003, SEED_SPAN_DAYS],
    );
    process.stdout.write(`  seeded runs ${first}–${last}\n`);
  }
  await queryDatabase(databaseUrl, "vacuum analyze workflow_runs, workflow_run_steps, run_log_chunks");
  // Seeding bumps each day's count row hundreds of times inside one transaction, leaving that small
  // table hundreds of times its size; runs that end one by one over days never do that.
  await queryDatabase(databaseUrl, "vacuum full analyze workflow_run_days");
}
