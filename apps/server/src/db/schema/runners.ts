import { LOG_STREAMS, type LogStream } from "@flowdeck/shared/runners/protocol";
import { TASK_PLATFORMS, type TaskPlatform } from "@flowdeck/shared/tasks/constants";
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { createdAt, id, oneOf, updatedAt } from "./columns.ts";
import { organizations } from "./organizations.ts";
import { workflowRuns } from "./workflows.ts";

/**
 * A registration token ("fdr_…"): shown once to the admin who made it, valid one hour, used once.
 * Only its SHA-256 is stored.
 */
export const runnerRegistrationTokens = pgTable(
  "runner_registration_tokens",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("runner_registration_tokens_hash_unique").on(table.tokenHash),
    index("runner_registration_tokens_org_idx").on(table.organizationId),
  ],
);

/** A machine that executes runs for one organization; its secret ("fdrs_…") is stored as SHA-256. */
export const runners = pgTable(
  "runners",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    os: text("os").$type<TaskPlatform>().notNull(),
    arch: text("arch").notNull(),
    /** The labels admins set on the Runners page; the runner cannot change them. */
    labels: text("labels").array().notNull().default([]),
    /** The labels the runner declared when it registered. */
    declaredLabels: text("declared_labels").array().notNull().default([]),
    version: text("version").notNull(),
    secretHash: text("secret_hash").notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("runners_secret_hash_unique").on(table.secretHash),
    index("runners_org_idx").on(table.organizationId, table.createdAt),
    check("runners_os_valid", oneOf(table.os, TASK_PLATFORMS)),
  ],
);

/**
 * A run's output, as the runner sent it: one row per chunk of a log batch, never a growing row.
 * `id` orders the chunks of a run (batches of one run are stored one at a time, under the run's
 * lock); (run, seq) says which batch a chunk came in, so a retried batch is recognised.
 */
export const runLogChunks = pgTable(
  "run_log_chunks",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    runId: text("run_id")
      .notNull()
      .references(() => workflowRuns.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    /** Zero-based step position; the run's own messages use the step they are about. */
    position: integer("position").notNull(),
    stream: text("stream").$type<LogStream>().notNull(),
    text: text("text").notNull(),
    bytes: integer("bytes").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("run_log_chunks_run_idx").on(table.runId, table.id),
    check("run_log_chunks_stream_valid", oneOf(table.stream, LOG_STREAMS)),
  ],
);
