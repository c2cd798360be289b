import { SETTINGS_MESSAGES } from "@flowdeck/shared/settings/messages";
import { INDUSTRIES, NOTIFICATION_OPTIONS, TIMEZONES } from "@flowdeck/shared/settings/options";
import {
  ADDRESS_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  UpdateOrganizationSettingsSchema,
  type OrganizationSettings,
} from "@flowdeck/shared/settings/schemas";
import { useState, type FormEvent, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { SelectField } from "@/components/ui/select-field.tsx";
import { TextAreaField } from "@/components/ui/text-area-field.tsx";
import { focusFirstInvalid } from "@/lib/focus-first-invalid.ts";
import { fieldErrorsFromApi, fieldErrorsOf, type FieldErrors } from "@/lib/form-errors.ts";
import { useUpdateOrganizationSettings } from "../api/update-settings.ts";
import { InputField, SwitchField } from "./form-controls.tsx";
import { formValuesOf, sameValues, type SettingsFormValues } from "./settings-form-values.ts";

type TextField = Exclude<keyof SettingsFormValues, "notifications">;

/**
 * The details and notification settings, saved together with Save Settings. Fields are checked
 * with the schema the server uses, so each shows the server's own message.
 */
export function SettingsForm({ orgId, settings }: { orgId: string; settings: OrganizationSettings }) {
  const update = useUpdateOrganizationSettings(orgId);
  const [base, setBase] = useState(() => formValuesOf(settings));
  const [values, setValues] = useState(base);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  const dirty = !sameValues(values, base);

  // Someone else saved meanwhile (a live update): untouched fields follow at once; with edits in
  // progress, the person decides.
  const latest = formValuesOf(settings);
  const changedElsewhere = !sameValues(latest, base);
  if (changedElsewhere && !dirty && !update.isPending) {
    setBase(latest);
    setValues(latest);
  }

  const set = (field: TextField, value: string) => {
    setValues({ ...values, [field]: value });
    setSaved(false);
    if (errors[field]) setErrors({ ...errors, [field]: "" });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setSaved(false);
    const parsed = UpdateOrganizationSettingsSchema.safeParse({
      ...values,
      // Blank is not zero: the schema's message asks for a whole number.
      creditsPerRun: values.creditsPerRun.trim() === "" ? Number.NaN : Number(values.creditsPerRun),
    });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      focusFirstInvalid(form);
      return;
    }
    setErrors({});
    // Every field is sent: an emptied one clears the stored value.
    update.mutate(parsed.data, {
      onSuccess: (next) => {
        const fresh = formValuesOf(next);
        setBase(fresh);
        setValues(fresh);
        setSaved(true);
      },
      onError: (error) => {
        setErrors(fieldErrorsFromApi(error, SETTINGS_MESSAGES.saveFailed));
        focusFirstInvalid(form);
      },
    });
  };

  const text = (field: TextField) => ({
    value: values[field],
    error: errors[field] || undefined,
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
  });
  const formError = errors._;

  return (
    <form noValidate onSubmit={submit} className="space-y-6" aria-label="Organization settings">
      {changedElsewhere && dirty && (
        <Alert tone="info">
          Someone else saved these settings while you were editing. Saving now replaces their changes.{" "}
          <button
            type="button"
            className="font-medium underline"
            onClick={() => {
              setBase(latest);
              setValues(latest);
              setErrors({});
            }}
          >
            Load their version
          </button>
        </Alert>
      )}

      <Card title="Details" id="details-heading">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <InputField label="Organization name" required autoComplete="organization" {...text("name")} />
          <InputField
            label="Domain"
            placeholder="example.com"
            autoCapitalize="none"
            spellCheck={false}
            hint="First set at registration; it can be changed here. Each domain belongs to one organization."
            {...text("domain")}
          />
          <InputField
            label="Website"
            inputMode="url"
            placeholder="https://example.com"
            autoCapitalize="none"
            spellCheck={false}
            {...text("website")}
          />
          <SelectField label="Industry" {...text("industry")}>
            <option value="">Select an industry</option>
            {INDUSTRIES.map((industry) => (
              <option key={industry.value} value={industry.value}>
                {industry.label}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Timezone"
            required
            hint="Schedules run in this timezone, with daylight saving time."
            {...text("timezone")}
          >
            {!TIMEZONES.some((timezone) => timezone.value === values.timezone) && (
              <option value={values.timezone}>{values.timezone || "Select a timezone"}</option>
            )}
            {TIMEZONES.map((timezone) => (
              <option key={timezone.value} value={timezone.value}>
                {timezone.label === timezone.value ? timezone.label : `${timezone.label} (${timezone.value})`}
              </option>
            ))}
          </SelectField>
          <InputField label="Phone" type="tel" autoComplete="tel" placeholder="+1 555 010 0000" {...text("phone")} />
          <TextAreaField
            label="Address"
            rows={3}
            autoComplete="street-address"
            maxLength={ADDRESS_MAX_LENGTH}
            className="sm:col-span-2"
            {...text("address")}
          />
          <TextAreaField
            label="Description"
            rows={3}
            maxLength={DESCRIPTION_MAX_LENGTH}
            className="sm:col-span-2"
            {...text("description")}
          />
        </div>
      </Card>

      <Card title="Runs" id="runs-heading">
        <InputField
          label="Credits per run"
          type="number"
          min={0}
          step={1}
          hint="Taken from the balance each time a run is queued for a runner; 0 makes runs free. A run cancelled before a runner starts it is refunded."
          {...text("creditsPerRun")}
        />
      </Card>

      <Card title="Notifications" id="notifications-heading">
        <p className="mb-2 text-sm text-gray-600 dark:text-gray-400">
          Mail goes through the server's mail settings. Rules for webhooks and for who hears about what are under
          Administration → Notifications.
        </p>
        <div className="divide-y divide-gray-100 dark:divide-gray-800">
          {NOTIFICATION_OPTIONS.map((option) => (
            <SwitchField
              key={option.key}
              label={option.label}
              description={option.description}
              checked={values.notifications[option.key]}
              onChange={(checked) => {
                setValues({ ...values, notifications: { ...values.notifications, [option.key]: checked } });
                setSaved(false);
              }}
            />
          ))}
        </div>
      </Card>

      <div className="space-y-3">
        {saved && (
          <Alert tone="success" onDismiss={() => setSaved(false)}>
            {SETTINGS_MESSAGES.updated}
          </Alert>
        )}
        {formError && <Alert tone="error">{formError}</Alert>}
        {Object.keys(errors).some((key) => key !== "_" && errors[key]) && (
          <Alert tone="error">Please correct the highlighted fields.</Alert>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            disabled={!dirty || update.isPending}
            onClick={() => {
              setValues(base);
              setErrors({});
            }}
          >
            Discard changes
          </Button>
          <Button type="submit" busy={update.isPending}>
            {update.isPending ? "Saving..." : "Save Settings"}
          </Button>
        </div>
      </div>
    </form>
  );
}

function Card({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6 dark:border-gray-800 dark:bg-gray-900"
    >
      <h2 id={id} className="mb-4 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
