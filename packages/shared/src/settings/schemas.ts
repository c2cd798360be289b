import { z } from "zod";
import { MESSAGES } from "../errors/messages.ts";
import { ImageMetadataSchema } from "../images/schemas.ts";
import { isValidDomain, organizationNameField } from "../organizations/fields.ts";
import { optionalText, phoneField, websiteField } from "./fields.ts";
import { SETTINGS_MESSAGES } from "./messages.ts";
import { INDUSTRY_VALUES, isIndustry } from "./options.ts";
import { currentTimeZoneName, isTimeZone } from "./time-zones.ts";

export const DESCRIPTION_MAX_LENGTH = 1000;
export const ADDRESS_MAX_LENGTH = 500;

export const NotificationSettingsSchema = z.object({
  email: z.boolean(),
  pushNotifications: z.boolean(),
  weeklyReports: z.boolean(),
});

/** Any IANA time zone (settings/time-zones.ts); an older name is stored under its current one. */
export const TimezoneSchema = z
  .string({ error: SETTINGS_MESSAGES.timezoneRequired })
  .min(1, SETTINGS_MESSAGES.timezoneRequired)
  .transform(currentTimeZoneName)
  .refine(isTimeZone, { error: SETTINGS_MESSAGES.timezoneInvalid });

export const IndustrySchema = z.enum(INDUSTRY_VALUES, { error: SETTINGS_MESSAGES.industryInvalid });

/** The domain chosen at registration may change under the same rule; "" or null removes it. */
const domainChange = z
  .string()
  .trim()
  .refine((value) => value === "" || isValidDomain(value), MESSAGES.domainInvalid)
  .transform((value) => (value ? value.toLowerCase() : null))
  .nullish();

/**
 * PATCH /api/orgs/:orgId/settings, and the settings form in the web app. Name and timezone are
 * required (spec 2); every other field left out stays as it is, and "" or null clears it.
 */
export const UpdateOrganizationSettingsSchema = z.object({
  name: organizationNameField(),
  timezone: TimezoneSchema,
  description: optionalText(DESCRIPTION_MAX_LENGTH, SETTINGS_MESSAGES.descriptionTooLong),
  domain: domainChange,
  website: websiteField(),
  industry: z
    .string()
    .refine((value) => value === "" || isIndustry(value), SETTINGS_MESSAGES.industryInvalid)
    .transform((value) => (isIndustry(value) ? value : null))
    .nullish(),
  address: optionalText(ADDRESS_MAX_LENGTH, SETTINGS_MESSAGES.addressTooLong),
  phone: phoneField(),
  notifications: NotificationSettingsSchema.optional(),
  /** Credits each executed run consumes when it is queued; 0: runs are free. */
  creditsPerRun: z
    .number({ error: "Credits per run must be a whole number" })
    .int("Credits per run must be a whole number")
    .min(0, "Credits per run cannot be negative")
    .max(1_000_000, "Credits per run must be at most 1,000,000")
    .optional(),
});
export type UpdateOrganizationSettingsInput = z.input<typeof UpdateOrganizationSettingsSchema>;
export type UpdateOrganizationSettings = z.output<typeof UpdateOrganizationSettingsSchema>;

const PersonSchema = z.object({ id: z.string(), name: z.string() });

/** GET /api/orgs/:orgId/settings: what any member may read. */
export const OrganizationSettingsSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  domain: z.string().nullable(),
  website: z.string().nullable(),
  industry: IndustrySchema.nullable(),
  timezone: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  notifications: NotificationSettingsSchema,
  creditsPerRun: z.number().int(),
  logoUrl: z.string().nullable(),
  logoMetadata: ImageMetadataSchema.nullable(),
  updatedAt: z.iso.datetime(),
  /** Null once that account is gone. */
  updatedBy: PersonSchema.nullable(),
});
export type OrganizationSettings = z.infer<typeof OrganizationSettingsSchema>;

/** PUT /api/orgs/:orgId/logo answers the new logo. */
export const LogoSchema = z.object({ logoUrl: z.string(), logoMetadata: ImageMetadataSchema });
export type Logo = z.infer<typeof LogoSchema>;
