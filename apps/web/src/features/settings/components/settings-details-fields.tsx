import { ORGANIZATION_NAME_MAX_LENGTH } from "@flowdeck/shared/organizations/fields";
import { INDUSTRIES } from "@flowdeck/shared/settings/options";
import { ADDRESS_MAX_LENGTH, DESCRIPTION_MAX_LENGTH } from "@flowdeck/shared/settings/schemas";
import { SelectField } from "@/components/ui/select-field.tsx";
import { TextAreaField } from "@/components/ui/text-area-field.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import type { SettingsForm } from "./settings-form.tsx";
import { TimeZoneField } from "./time-zone-field.tsx";
import type { SettingsFormValues } from "./settings-form-values.ts";

/** A settings field's props: registered with the form, with its message. */
export type SettingsField = (
  name: Exclude<keyof SettingsFormValues, "notifications">,
) => ReturnType<SettingsForm["register"]> & { error?: string };

/** The organization's details: name, domain, website, industry, timezone, phone, address, description. */
export function SettingsDetailsFields({ field, values }: { field: SettingsField; values: SettingsFormValues }) {
  const { timezone } = values;
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <TextField
        label="Organization name"
        required
        autoComplete="organization"
        limit={ORGANIZATION_NAME_MAX_LENGTH}
        value={values.name}
        {...field("name")}
      />
      <TextField
        label="Domain"
        placeholder="example.com"
        autoCapitalize="none"
        spellCheck={false}
        hint="First set at registration; it can be changed here. Each domain belongs to one organization."
        {...field("domain")}
      />
      <TextField
        label="Website"
        inputMode="url"
        placeholder="https://example.com"
        autoCapitalize="none"
        spellCheck={false}
        {...field("website")}
      />
      <SelectField label="Industry" {...field("industry")}>
        <option value="">Select an industry</option>
        {INDUSTRIES.map((industry) => (
          <option key={industry.value} value={industry.value}>
            {industry.label}
          </option>
        ))}
      </SelectField>
      <TimeZoneField field={field("timezone")} value={timezone} />
      <TextField label="Phone" type="tel" autoComplete="tel" placeholder="+1 555 010 0000" {...field("phone")} />
      <TextAreaField
        label="Address"
        rows={3}
        autoComplete="street-address"
        limit={ADDRESS_MAX_LENGTH}
        value={values.address}
        className="sm:col-span-2"
        {...field("address")}
      />
      <TextAreaField
        label="Description"
        rows={3}
        limit={DESCRIPTION_MAX_LENGTH}
        value={values.description}
        className="sm:col-span-2"
        {...field("description")}
      />
    </div>
  );
}
