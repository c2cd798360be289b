import type { NotificationSettings } from "@flowdeck/shared/settings/options";
import { UpdateOrganizationSettingsSchema, type OrganizationSettings } from "@flowdeck/shared/settings/schemas";
import { z } from "zod";

/** The settings form's fields: text as typed ("" for none), notifications as switches. */
export type SettingsFormValues = {
  name: string;
  description: string;
  domain: string;
  website: string;
  industry: string;
  timezone: string;
  address: string;
  phone: string;
  /** Credits each executed run costs, as typed. */
  creditsPerRun: string;
  notifications: NotificationSettings;
};

export function formValuesOf(settings: OrganizationSettings): SettingsFormValues {
  return {
    name: settings.name,
    description: settings.description ?? "",
    domain: settings.domain ?? "",
    website: settings.website ?? "",
    industry: settings.industry ?? "",
    timezone: settings.timezone,
    address: settings.address ?? "",
    phone: settings.phone ?? "",
    creditsPerRun: String(settings.creditsPerRun),
    notifications: { ...settings.notifications },
  };
}

export function sameValues(a: SettingsFormValues, b: SettingsFormValues): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The form's values checked by the server's own schema; the output is the request body. */
export const SettingsFormSchema = z
  .custom<SettingsFormValues>()
  // The schema checks the shape (a timezone from its list, an industry or none).
  .transform((values): unknown => ({
    ...values,
    // Blank is not zero: the schema's message asks for a whole number.
    creditsPerRun: values.creditsPerRun.trim() === "" ? Number.NaN : Number(values.creditsPerRun),
  }))
  .pipe(UpdateOrganizationSettingsSchema);
