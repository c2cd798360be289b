import { z } from "zod";
import { RETENTION_MESSAGES } from "./messages.ts";

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
