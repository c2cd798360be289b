import { SETTINGS_MESSAGES } from "@flowdeck/shared/settings/messages";
import { NOTIFICATION_OPTIONS } from "@flowdeck/shared/settings/options";
import type { OrganizationSettings, UpdateOrganizationSettings } from "@flowdeck/shared/settings/schemas";
import { useState } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import type { ZodForm } from "@/lib/use-zod-form.ts";
import { useUpdateOrganizationSettings } from "../api/update-settings.ts";
import { SwitchField } from "@/components/ui/switch-field.tsx";
import { SectionCard } from "@/components/ui/section-card.tsx";
import { SettingsDetailsFields, type SettingsField } from "./settings-details-fields.tsx";
import { SettingsFormFooter } from "./settings-form-footer.tsx";
import { SettingsRunsCard } from "./settings-runs-card.tsx";
import type { SettingsFormValues } from "./settings-form-values.ts";
import { useSettingsBase } from "./use-settings-base.ts";

export type SettingsForm = ZodForm<SettingsFormValues, UpdateOrganizationSettings>;

/**
 * The details and notification settings, saved together with Save Settings. Fields are checked
 * with the schema the server uses, so each shows the server's own message.
 */
export function SettingsForm({ orgId, settings }: { orgId: string; settings: OrganizationSettings }) {
  const update = useUpdateOrganizationSettings(orgId);
  const {
    form,
    values,
    dirty,
    changedElsewhere,
    loadLatest,
    saved: onSaved,
    discard,
  } = useSettingsBase(settings, update.isPending);
  const { attach: attachForm } = form;
  const [saved, setSaved] = useState(false);

  // Every field is sent: an emptied one clears the stored value.
  const submit = form.submit((input) => {
    setSaved(false);
    update.mutate(input, {
      onSuccess: (next) => {
        onSaved(next);
        setSaved(true);
      },
      onError: (error) => form.showServerError(error, SETTINGS_MESSAGES.saveFailed),
    });
  });
  // Typing in a field takes its message away and the saved notice with it.
  const onEdit = () => setSaved(false);
  const field: SettingsField = (name) => ({
    ...form.register(name, { onChange: () => (form.clearErrors(name), onEdit()) }),
    error: form.errorOf(name),
  });

  return (
    <form ref={attachForm} noValidate onSubmit={submit} className="space-y-6" aria-label="Organization settings">
      {changedElsewhere && dirty && (
        <Alert tone="info">
          Someone else saved these settings while you were editing. Saving now replaces their changes.{" "}
          <button type="button" className="font-medium underline" onClick={loadLatest}>
            Load their version
          </button>
        </Alert>
      )}
      <SectionCard title="Details" id="details-heading">
        <SettingsDetailsFields field={field} values={values} />
      </SectionCard>
      <SettingsRunsCard field={field} />
      <SectionCard title="Notifications" id="notifications-heading">
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
      </SectionCard>
      <SettingsFormFooter
        saved={saved}
        onDismissSaved={() => setSaved(false)}
        formError={form.formError}
        fieldErrors={Object.keys(form.formState.errors).some((key) => key !== "root")}
        dirty={dirty}
        saving={update.isPending}
        onDiscard={discard}
      />
    </form>
  );
}
