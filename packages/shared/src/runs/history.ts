import { z } from "zod";
import { RUN_STATUSES, RUN_TRIGGERS } from "./constants.ts";
import { LastRunSchema } from "./schemas.ts";

export const HISTORY_MESSAGES = {
  cursorInvalid: "This page of the history is no longer valid; start again from the first page",
  dateInvalid: "Dates are timestamps like 2026-11-25T00:00:00Z",
} as const;

const dateField = z.iso.datetime({ offset: true, error: HISTORY_MESSAGES.dateInvalid }).optional();

/**
 * GET /api/orgs/:orgId/workflows/:workflowId/history (decision 030): a workflow's runs newest
 * first, filtered, a page at a time by keyset (`cursor` is the previous page's `nextCursor`).
 */
export const RunHistoryQuerySchema = z.object({
  status: z.enum(RUN_STATUSES, { error: "Unknown run status" }).optional(),
  trigger: z.enum(RUN_TRIGGERS, { error: `Trigger is one of ${RUN_TRIGGERS.join(", ")}` }).optional(),
  runnerId: z.string().trim().min(1).max(100).optional(),
  from: dateField,
  to: dateField,
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type RunHistoryQuery = z.infer<typeof RunHistoryQuerySchema>;

export const RunHistoryPageSchema = z.object({
  items: z.array(LastRunSchema),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
});
export type RunHistoryPage = z.infer<typeof RunHistoryPageSchema>;

/**
 * GET /api/orgs/:orgId/runs (decision 087): every run of the organization newest first, with the
 * history's filters and one more, `workflowId`; each run names its workflow.
 */
export const OrgRunsQuerySchema = RunHistoryQuerySchema.extend({
  workflowId: z.string().trim().min(1).max(100).optional(),
});
export type OrgRunsQuery = z.infer<typeof OrgRunsQuerySchema>;

export const OrgRunSchema = LastRunSchema.extend({ workflowName: z.string() });
export type OrgRun = z.infer<typeof OrgRunSchema>;

export const OrgRunsPageSchema = z.object({
  items: z.array(OrgRunSchema),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
});
export type OrgRunsPage = z.infer<typeof OrgRunsPageSchema>;

/**
 * GET /api/orgs/:orgId/history/runners: the organization's runners by name, for the history's
 * runner filter; any member reads it (the runs already name their runner). Revoked ones too: their
 * runs stay in the history.
 */
export const HistoryRunnersSchema = z.object({
  items: z.array(z.object({ id: z.string(), name: z.string(), revoked: z.boolean() })),
});
export type HistoryRunners = z.infer<typeof HistoryRunnersSchema>;

/** GET /api/orgs/:orgId/workflows/health: each workflow's last run and its last 30 days. */
export const WorkflowHealthSchema = z.object({
  items: z.array(
    z.object({
      workflowId: z.string(),
      name: z.string(),
      lastStatus: z.enum(RUN_STATUSES).nullable(),
      lastRunAt: z.string().nullable(),
      /** Runs that ended in the last 30 days, cancelled ones aside, and how many succeeded. */
      ended: z.number().int(),
      succeeded: z.number().int(),
      /** succeeded / ended as a whole percentage; null without ended runs. */
      successRate: z.number().int().nullable(),
    }),
  ),
});
export type WorkflowHealth = z.infer<typeof WorkflowHealthSchema>;
