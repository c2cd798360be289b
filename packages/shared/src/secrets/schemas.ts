import { z } from "zod";
import { OrgParamsSchema } from "../organizations/params.ts";
import { SECRET_MESSAGES } from "./messages.ts";

/** A secret's name is the environment variable a step reads it from. */
export const SECRET_NAME_PATTERN = /^[A-Z][A-Z0-9_]*$/;
export const SECRET_NAME_MAX = 64;
/** Values shorter than this cannot be masked in output without masking everything. */
export const SECRET_VALUE_MIN = 4;
/** In bytes of UTF-8. */
export const SECRET_VALUE_MAX_BYTES = 65_536;
export const SECRET_DESCRIPTION_MAX = 500;
/** How many secrets one organization keeps at most. */
export const SECRETS_PER_ORGANIZATION = 500;

export const SecretNameSchema = z
  .string({ error: SECRET_MESSAGES.nameRequired })
  .min(1, SECRET_MESSAGES.nameRequired)
  .max(SECRET_NAME_MAX, SECRET_MESSAGES.nameTooLong)
  .regex(SECRET_NAME_PATTERN, SECRET_MESSAGES.nameInvalid)
  .refine((name) => !name.startsWith("FLOWDECK_"), SECRET_MESSAGES.nameReserved);

/** A value is kept exactly as given (spaces and line breaks included), never trimmed. */
export const SecretValueSchema = z
  .string({ error: SECRET_MESSAGES.valueRequired })
  .min(1, SECRET_MESSAGES.valueRequired)
  .refine((value) => value.trim().length >= SECRET_VALUE_MIN, SECRET_MESSAGES.valueTooShort)
  .refine((value) => !value.includes("\0"), SECRET_MESSAGES.valueHasNul)
  .refine((value) => new TextEncoder().encode(value).length <= SECRET_VALUE_MAX_BYTES, SECRET_MESSAGES.valueTooLong);

export const SecretDescriptionSchema = z
  .string()
  .trim()
  .max(SECRET_DESCRIPTION_MAX, SECRET_MESSAGES.descriptionTooLong)
  .refine((text) => !/\p{Cc}/u.test(text), SECRET_MESSAGES.descriptionSingleLine);

/**
 * PUT /api/orgs/:orgId/secrets/:name: creates the secret or replaces its value. A description left
 * out keeps the one the secret has (none for a new secret).
 */
export const PutSecretSchema = z.object({
  value: SecretValueSchema,
  description: SecretDescriptionSchema.optional(),
});
export type PutSecretInput = z.input<typeof PutSecretSchema>;

export const SecretParamsSchema = OrgParamsSchema.extend({ name: SecretNameSchema });

/** One secret as any route shows it: never its value. */
export const SecretSchema = z.object({
  name: z.string(),
  description: z.string(),
  /** ISO 8601: when the value was last set. */
  updatedAt: z.string(),
  /** Who set it: a person's name (or e-mail address), or `API token "<name>"`. */
  updatedBy: z.string(),
});
export type Secret = z.infer<typeof SecretSchema>;

/** GET /api/orgs/:orgId/secrets: every secret of the organization, by name. */
export const SecretListSchema = z.object({ items: z.array(SecretSchema) });
export type SecretList = z.infer<typeof SecretListSchema>;
