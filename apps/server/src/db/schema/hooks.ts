import { HOOK_SIGNATURES, type HookSignature } from "@flowdeck/shared/hooks/schemas";
import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { bytea } from "./bytea.ts";
import { createdAt, id, oneOf } from "./columns.ts";
import { organizations } from "./organizations.ts";
import { secretDataKeys } from "./secrets.ts";
import { workflowRuns, workflows } from "./workflows.ts";

/**
 * A workflow's inbound webhooks (decision 068). The URL's secret is kept only as its SHA-256; the
 * signing secret, which must be read to check an HMAC, only sealed by the organization's data key
 * (decision 060), bound to the organization and the hook.
 */
export const workflowHooks = pgTable(
  "workflow_hooks",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    workflowId: text("workflow_id")
      .notNull()
      .references(() => workflows.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    signature: text("signature").$type<HookSignature>().notNull(),
    /** Parameter name → JSON pointer into the call's body. */
    parameters: jsonb("parameters").$type<Record<string, string>>().notNull().default({}),
    /** SHA-256 of the URL's secret (32 random bytes). */
    secretHash: bytea("secret_hash").notNull(),
    /** The signing secret, sealed; all null for the signature mode "none". */
    signingDataKeyId: text("signing_data_key_id").references(() => secretDataKeys.id),
    signingIv: bytea("signing_iv"),
    signingCiphertext: bytea("signing_ciphertext"),
    signingAuthTag: bytea("signing_auth_tag"),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    rotatedAt: timestamp("rotated_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [
    index("workflow_hooks_workflow_idx").on(table.workflowId, table.createdAt),
    check("workflow_hooks_signature_valid", oneOf(table.signature, HOOK_SIGNATURES)),
    check(
      "workflow_hooks_signing_secret_sealed",
      sql`(${table.signature} = 'none') = (${table.signingCiphertext} is null)`,
    ),
  ],
);

/**
 * Each call a webhook answered after its URL's secret matched: when, with which status, which run.
 * A call that started a run keeps its delivery id (X-GitHub-Delivery or Idempotency-Key), unique
 * per hook, so a repeat answers that run instead of starting another. Pruned on each call to the
 * newest HOOK_CALLS_KEPT, keeping delivery ids younger than HOOK_DELIVERY_MEMORY_HOURS.
 */
export const workflowHookCalls = pgTable(
  "workflow_hook_calls",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    hookId: text("hook_id")
      .notNull()
      .references(() => workflowHooks.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    status: integer("status").notNull(),
    runId: text("run_id").references(() => workflowRuns.id, { onDelete: "set null" }),
    deliveryId: text("delivery_id"),
  },
  (table) => [
    index("workflow_hook_calls_hook_idx").on(table.hookId, table.id.desc()),
    // Deleting a run sets its calls' run to null (retention deletes thousands a pass).
    index("workflow_hook_calls_run_idx")
      .on(table.runId)
      .where(sql`${table.runId} is not null`),
    uniqueIndex("workflow_hook_calls_delivery_unique").on(table.hookId, table.deliveryId),
  ],
);
