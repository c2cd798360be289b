import { z } from "zod";
import { OrgParamsSchema } from "../organizations/params.ts";
import { INVITABLE_ROLES, ROLES } from "../permissions/roles.ts";
import { API_TOKEN_MESSAGES } from "./messages.ts";

/** Every API token starts so; a secret scanner (or a person) can tell what leaked. */
export const API_TOKEN_PREFIX = "fdt_";
export const API_TOKEN_NAME_MAX = 100;

/** The expiries offered, in days; null never expires. */
export const API_TOKEN_EXPIRY_DAYS = [30, 90, 365] as const;

/** A token's role: at most admin (an owner is only ever a person), never above its creator's. */
export const API_TOKEN_ROLES = INVITABLE_ROLES;

export const CreateApiTokenSchema = z.object({
  name: z
    .string({ error: API_TOKEN_MESSAGES.nameRequired })
    .trim()
    .min(1, API_TOKEN_MESSAGES.nameRequired)
    .max(API_TOKEN_NAME_MAX, API_TOKEN_MESSAGES.nameTooLong)
    .refine((name) => !/\p{Cc}/u.test(name), API_TOKEN_MESSAGES.nameSingleLine),
  role: z.enum(API_TOKEN_ROLES, { error: API_TOKEN_MESSAGES.roleInvalid }),
  expiresInDays: z.literal(API_TOKEN_EXPIRY_DAYS, { error: API_TOKEN_MESSAGES.expiryInvalid }).nullable(),
});
export type CreateApiTokenInput = z.input<typeof CreateApiTokenSchema>;

/** One row of GET /api/orgs/:orgId/api-tokens. The secret itself is never listed. */
export const ApiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  /** The first characters of the token, so a person can tell which one they hold. */
  hint: z.string(),
  createdBy: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

/** The answer to creating a token: the only time its secret is shown. */
export const CreatedApiTokenSchema = ApiTokenSchema.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof CreatedApiTokenSchema>;

export const ApiTokenParamsSchema = OrgParamsSchema.extend({ tokenId: z.string().min(1) });
