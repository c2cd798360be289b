import { z } from "zod";
import { SecretNameSchema } from "./schemas.ts";

/** At most this many of the organization's secrets in one workflow. */
export const WORKFLOW_SECRETS_MAX = 50;

/** The secrets a workflow's steps are given in their environment, by name. */
export const WorkflowSecretsSchema = z
  .array(SecretNameSchema)
  .max(WORKFLOW_SECRETS_MAX, `A workflow uses at most ${WORKFLOW_SECRETS_MAX} secrets`)
  .transform((names) => [...new Set(names)].sort());
