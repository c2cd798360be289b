import { z } from "zod";
import { OrgParamsSchema } from "../organizations/params.ts";
import { RUN_STATUSES } from "../runs/constants.ts";
import { RUNNER_PLATFORMS, RunnerLabelsSchema, RunnerNameSchema } from "./protocol.ts";

/** POST /api/orgs/:orgId/runners/registration-tokens: the token, shown once, and what to run with it. */
export const RegistrationTokenSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  /** `npx -y <APP_URL>/runner/flowdeck-runner.tgz register --url <APP_URL> --token fdr_…`, ready to copy. */
  command: z.string(),
  /** Every command the Register dialog shows (runners/install.ts runnerInstallCommands). */
  commands: z.object({
    register: z.string(),
    start: z.string(),
    registerPowerShell: z.string(),
    startPowerShell: z.string(),
    install: z.string(),
    installPowerShell: z.string(),
  }),
});
export type RegistrationToken = z.infer<typeof RegistrationTokenSchema>;

export const RunnerSchema = z.object({
  id: z.string(),
  name: z.string(),
  os: z.enum(RUNNER_PLATFORMS),
  arch: z.string(),
  /** The labels admins set here (PATCH); the runner cannot change them. */
  labels: z.array(z.string()),
  /** The labels the runner declared when it registered. A selector matches either kind. */
  declaredLabels: z.array(z.string()),
  version: z.string(),
  lastSeenAt: z.string(),
  /** Heard from within RUNNER_TIMINGS.offlineAfterMs and not revoked. */
  online: z.boolean(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
  /** The run it is executing, if any. */
  currentRun: z
    .object({
      id: z.string(),
      workflowId: z.string(),
      workflowName: z.string(),
      status: z.enum(RUN_STATUSES),
    })
    .nullable(),
});
export type Runner = z.infer<typeof RunnerSchema>;

export const RunnerListSchema = z.object({ items: z.array(RunnerSchema) });
export type RunnerList = z.infer<typeof RunnerListSchema>;

/** PATCH /api/orgs/:orgId/runners/:runnerId: rename, or set the labels admins give it (not those it declared). */
export const UpdateRunnerSchema = z
  .object({ name: RunnerNameSchema.optional(), labels: RunnerLabelsSchema.optional() })
  .refine((body) => body.name !== undefined || body.labels !== undefined, "Send a name or labels to change");
export type UpdateRunnerInput = z.input<typeof UpdateRunnerSchema>;

export const RunnerParamsSchema = OrgParamsSchema.extend({ runnerId: z.string().trim().min(1).max(100) });
