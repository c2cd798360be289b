import { SETTINGS_MESSAGES } from "@flowdeck/shared/settings/messages";
import { NOTIFICATION_OPTIONS } from "@flowdeck/shared/settings/options";
import type { OrganizationSettings, UpdateOrganizationSettings } from "@flowdeck/shared/settings/schemas";
import { useState } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { useZodForm, type ZodForm } from "@/lib/use-zod-form.ts";
import { useUpdateOrganizationSettings } from "../api/update-settings.ts";
import { SwitchField } from "./form-controls.tsx";
import { SettingsCard } from "./settings-card.tsx";
import { SettingsDetailsFields } from "./settings-details-fields.tsx";
import { SettingsFormSchema, formValuesOf, sameValues, type SettingsFormValues } from "./settings-form-values.ts";

export type SettingsForm = ZodForm<SettingsFormValues, UpdateOrganizationSettings>;

/**
 * The details and notification settings, saved together with Save Settings. Fields are checked
 * with the schema the server uses, so each shows the server's own message.
 */
export function SettingsForm({ orgId, settings }: { orgId: string; settings: OrganizationSettings }) {
  const update = useUpdateOrganizationSettings(orgId);
  const [base, setBase] = useState(() => formValuesOf(settings));
  // A new base (saved, or someone else's save) resets the form to it.
  const form = useZodForm(SettingsFormSchema, { defaultValues: base, values: base });
  const { attach: attachForm } = form;
  const [saved, setSaved] = useState(false);
  const values = form.watch();
  const dirty = !sameValues(values, base);

  // Someone else saved meanwhile (a live update): untouched fields follow at once; with edits in
  // progress, the person decides.
  const latest = formValuesOf(settings);
  const changedElsewhere = !sameValues(latest, base);
  if (changedElsewhere && !dirty && !update.isPending) setBase(latest);

  // Every field is sent: an emptied one clears the stored value.
  const submit = form.submit((input) => {
    setSaved(false);
    update.mutate(input, {
      onSuccess: (next) => {
        setBase(formValuesOf(next));
        setSaved(true);
      },
      onError: (error) => form.showServerError(error, SETTINGS_MESSAGES.saveFailed),
    });
  });
  // Typing in a field takes its message away and the saved notice with it.
  const onEdit = () => setSaved(false);
  const field = (name: Exclude<keyof SettingsFormValues, "notifications">) => ({
    ...form.register(name, { onChange: () => (form.clearErrors(name), onEdit()) }),
    error: form.errorOf(name),
  });
  const fieldErrors = Object.keys(form.formState.errors).some((key) => key !== "root");

  return (
    <form ref={attachForm} noValidate onSubmit={submit} className="space-y-6" aria-label="Organization settings">
      {changedElsewhere && dirty && (
        <Alert tone="info">
          Someone else saved these settings while you were editing. Saving now replaces their changes.{" "}
          <button type="button" className="font-medium underline" onClick={() => setBase(latest)}>
            Load their version
          </button>
        </Alert>
      )}
      <SettingsCard title="Details" id="details-heading">
        <SettingsDetailsFields field={field} timezone={values.timezone} />
      </SettingsCard>
      <SettingsCard title="Runs" id="runs-heading">
        <TextField
          label="Credits per run"
          type="number"
          min={0}
          step={1}
          hint="Taken from the balance each time a run is queued for a runner; 0 makes runs free. A run cancelled before a runner starts it is refunded."
          {...field("creditsPerRun")}
        />
      </SettingsCard>
      <SettingsCard title="Notifications" id="notifications-heading">
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
                form.setValue(`notifications.${option.key}`, checked, { shouldDirty: true });
                onEdit();
              }}
            />
          ))}
        </div>
      </SettingsCard>
      <div className="space-y-3">
        {saved && (
          <Alert tone="success" onDismiss={() => setSaved(false)}>
            {SETTINGS_MESSAGES.updated}
          </Alert>
        )}
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        {fieldErrors && <Alert tone="error">Please correct the highlighted fields.</Alert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={!dirty || update.isPending} onClick={() => form.reset(base)}>
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
