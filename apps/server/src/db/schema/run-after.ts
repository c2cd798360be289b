import { RUN_AFTER_ON, type RunAfterOn } from "@flowdeck/shared/workflows/run-after";
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, oneOf } from "./columns.ts";
import { organizations } from "./organizations.ts";
import { workflows } from "./workflows.ts";

/**
 * "Run after" (decision 073): `workflow_id` starts when a run of `after_workflow_id` ends as `on`
 * says, its parameters mapped by JSON pointer from that run. Kept on the follower; the index on
 * `after_workflow_id` answers "who follows A" when A's run ends. Either workflow's deletion takes
 * the row with it.
 */
export const workflowRunAfter = pgTable(
  "workflow_run_after",
  {
    workflowId: text("workflow_id")
      .notNull()
      .references(() => workflows.id, { onDelete: "cascade" }),
    afterWorkflowId: text("after_workflow_id")
      .notNull()
      .references(() => workflows.id, { onDelete: "cascade" }),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** The order the form lists them in. */
    position: integer("position").notNull(),
    on: text("on").$type<RunAfterOn>().notNull(),
    /** Parameter name → JSON pointer into the first run (`/parameters/<name>`, `/outputs/<step>/<key>`). */
    parameters: jsonb("parameters").$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.workflowId, table.afterWorkflowId] }),
    index("workflow_run_after_after_idx").on(table.afterWorkflowId),
    index("workflow_run_after_org_idx").on(table.organizationId),
    check("workflow_run_after_on_valid", oneOf(table.on, RUN_AFTER_ON)),
    check("workflow_run_after_not_self", sql`${table.workflowId} <> ${table.afterWorkflowId}`),
  ],
);
