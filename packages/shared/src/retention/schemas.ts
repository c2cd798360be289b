import { z } from "zod";

/** Issue 16 item 4 (decision 029): how long an organization keeps runs, and how many per workflow. */
export const RETENTION_DEFAULTS = { keepRunsDays: 90, maxRunsPerWorkflow: 1_000 } as const;

export const RETENTION_MESSAGES = {
  cannotManage: "Only owners change how long runs are kept",
  daysInvalid: "Keep runs for 1 to 3,650 days",
  maxRunsInvalid: "Keep 10 to 100,000 runs per workflow",
} as const;

/** PUT /api/orgs/:orgId/retention (owners) and what GET answers to any member. */
export const RetentionSchema = z.object({
  keepRunsDays: z
    .number({ error: RETENTION_MESSAGES.daysInvalid })
    .int(RETENTION_MESSAGES.daysInvalid)
    .min(1, RETENTION_MESSAGES.daysInvalid)
    .max(3_650, RETENTION_MESSAGES.daysInvalid),
  maxRunsPerWorkflow: z
    .number({ error: RETENTION_MESSAGES.maxRunsInvalid })
    .int(RETENTION_MESSAGES.maxRunsInvalid)
    .min(10, RETENTION_MESSAGES.maxRunsInvalid)
    .max(100_000, RETENTION_MESSAGES.maxRunsInvalid),
});
export type Retention = z.infer<typeof RetentionSchema>;

/** POST /api/orgs/:orgId/runs/:runId/pin and /unpin answer the run's pin. */
export const RunPinSchema = z.object({ id: z.string(), pinned: z.boolean() });
export type RunPin = z.infer<typeof RunPinSchema>;
