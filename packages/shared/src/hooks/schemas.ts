import { z } from "zod";
import { WorkflowParamsSchema } from "../workflows/schemas.ts";
import { isJsonPointer } from "./json-pointer.ts";
import { HOOK_MESSAGES } from "./messages.ts";

/**
 * Inbound webhooks (decision 068): a secret URL that starts a run of its workflow, with an optional
 * signature over the raw body and a mapping from the JSON body to the workflow's parameters.
 */

/** none: the URL's secret alone; github: X-Hub-Signature-256; flowdeck: X-Flowdeck-Signature. */
export const HOOK_SIGNATURES = ["none", "github", "flowdeck"] as const;
export type HookSignature = (typeof HOOK_SIGNATURES)[number];

export const HOOK_SIGNATURE_LABELS: Record<HookSignature, string> = {
  none: "None (the URL is the secret)",
  github: "GitHub (X-Hub-Signature-256)",
  flowdeck: "Flowdeck (X-Flowdeck-Signature)",
};

/** The header that carries each mode's signature, `sha256=<hex>` of HMAC-SHA256 over the raw body. */
export const HOOK_SIGNATURE_HEADERS: Record<Exclude<HookSignature, "none">, string> = {
  github: "X-Hub-Signature-256",
  flowdeck: "X-Flowdeck-Signature",
};

export const HOOK_NAME_MAX = 100;
export const HOOK_MAPPINGS_MAX = 30;
export const HOOK_POINTER_MAX = 200;
/** Active (not revoked) webhooks per workflow. */
export const HOOKS_PER_WORKFLOW = 20;
/** A call's body, in bytes. */
export const HOOK_BODY_MAX_BYTES = 1024 * 1024;
/** The calls each webhook keeps to show (the audit log keeps them all). */
export const HOOK_CALLS_KEPT = 50;
/** How long a delivery id is remembered: a repeat within it starts no second run. */
export const HOOK_DELIVERY_MEMORY_HOURS = 24;

const PARAMETER_NAME = /^[a-z][a-z0-9_]*$/;

export const HookMappingSchema = z
  .record(
    z.string().regex(PARAMETER_NAME, HOOK_MESSAGES.parameterNameInvalid).max(64, HOOK_MESSAGES.parameterNameInvalid),
    z
      .string({ error: HOOK_MESSAGES.pointerInvalid })
      .max(HOOK_POINTER_MAX, HOOK_MESSAGES.pointerInvalid)
      .refine(isJsonPointer, HOOK_MESSAGES.pointerInvalid),
  )
  .refine((mapping) => Object.keys(mapping).length <= HOOK_MAPPINGS_MAX, HOOK_MESSAGES.tooManyMappings);

/** POST /api/orgs/:orgId/workflows/:workflowId/hooks */
export const CreateHookSchema = z.object({
  name: z
    .string({ error: HOOK_MESSAGES.nameRequired })
    .trim()
    .min(1, HOOK_MESSAGES.nameRequired)
    .max(HOOK_NAME_MAX, HOOK_MESSAGES.nameTooLong)
    .refine((text) => !/\p{Cc}/u.test(text), HOOK_MESSAGES.nameRequired),
  signature: z.enum(HOOK_SIGNATURES, { error: HOOK_MESSAGES.signatureInvalid }).default("none"),
  parameters: HookMappingSchema.default({}),
});
export type CreateHookInput = z.input<typeof CreateHookSchema>;

export const HookParamsSchema = WorkflowParamsSchema.extend({ hookId: z.string().trim().min(1) });

/** What creating or rotating answers, once: the URL holds the secret; signingSecret only when one is checked. */
export const HookSecretsSchema = z.object({
  id: z.string(),
  url: z.string(),
  signingSecret: z.string().optional(),
});
export type HookSecrets = z.infer<typeof HookSecretsSchema>;

export const HookCallSchema = z.object({
  at: z.string(),
  /** The HTTP status the call was answered. */
  status: z.number().int(),
  /** The run it started (or the first run, for a repeated delivery). */
  runId: z.string().nullable(),
});
export type HookCall = z.infer<typeof HookCallSchema>;

/** One webhook as the list shows it: never its URL secret or signing secret. */
export const HookSchema = z.object({
  id: z.string(),
  workflowId: z.string(),
  name: z.string(),
  signature: z.enum(HOOK_SIGNATURES),
  parameters: z.record(z.string(), z.string()),
  createdAt: z.string(),
  /** The person who created it (name or e-mail), null when they have left. */
  createdBy: z.string().nullable(),
  rotatedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  lastCall: HookCallSchema.nullable(),
  /** Newest first, at most HOOK_CALLS_KEPT. */
  calls: z.array(HookCallSchema),
});
export type Hook = z.infer<typeof HookSchema>;

export const HookListSchema = z.object({ items: z.array(HookSchema) });
export type HookList = z.infer<typeof HookListSchema>;

/** POST /api/hooks/:hookId/:secret */
export const HookCallParamsSchema = z.object({ hookId: z.string(), secret: z.string() });
export const HookAcceptedSchema = z.object({ runId: z.string() });
