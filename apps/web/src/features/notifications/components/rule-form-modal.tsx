import { ROLES, type Role } from "@flowdeck/shared";
import { NOTIFICATION_EVENTS, NOTIFICATION_EVENT_LABELS } from "@flowdeck/shared/notifications/constants";
import { NOTIFICATION_MESSAGES } from "@flowdeck/shared/notifications/messages";
import {
  NotificationRuleInputSchema,
  type NotificationRule,
  type SavedNotificationRule,
} from "@flowdeck/shared/notifications/schemas";
import { useId, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Modal } from "@/components/ui/modal.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { fieldErrorsFromApi, fieldErrorsOf, type FieldErrors } from "@/lib/form-errors.ts";
import { useMemberChoices } from "../api/get-member-choices.ts";
import { useSaveRule } from "../api/save-rule.ts";
import { CheckboxGroup } from "./checkbox-group.tsx";
import { formToInput, ruleToForm, type RuleFormValues } from "./rule-form-values.ts";

const ROLE_LABELS: Record<Role, string> = { owner: "Owners", admin: "Admins", editor: "Editors", viewer: "Viewers" };

/** Creates or edits a rule: what it listens for, who gets mail, and an optional webhook. */
export function RuleFormModal({
  orgId,
  rule,
  onClose,
  onSaved,
}: {
  orgId: string;
  /** The rule being edited; null to create one. */
  rule: NotificationRule | null;
  onClose: () => void;
  onSaved: (saved: SavedNotificationRule, message: string) => void;
}) {
  const [values, setValues] = useState<RuleFormValues>(() => ruleToForm(rule));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveRule(orgId);
  const members = useMemberChoices(orgId);
  const id = useId();
  const set = <K extends keyof RuleFormValues>(key: K, value: RuleFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = formToInput(values);
    const parsed = NotificationRuleInputSchema.safeParse(input);
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error));
    setErrors({});
    save.mutate(
      { ruleId: rule?.id ?? null, input },
      {
        onSuccess: (saved) => onSaved(saved, rule ? NOTIFICATION_MESSAGES.updated : NOTIFICATION_MESSAGES.created),
        onError: (error) => setErrors(fieldErrorsFromApi(error, "The rule could not be saved. Please try again.")),
      },
    );
  };

  const memberOptions = (members.data?.items ?? []).map((member) => ({
    value: member.userId,
    label: member.name ? `${member.name} (${member.email})` : member.email,
  }));

  return (
    <Modal
      open
      onClose={onClose}
      size="2xl"
      title={rule ? "Edit notification rule" : "New notification rule"}
      description="Flowdeck sends these after the event, by mail and to your webhook, and logs every attempt."
    >
      <form id={`${id}-form`} onSubmit={submit} noValidate className="space-y-5">
        {errors._ && <Alert tone="error">{errors._}</Alert>}
        <div className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
          <TextField
            label="Rule name"
            value={values.name}
            error={errors.name}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => set("name", event.target.value)}
          />
          <label className="flex items-center gap-2 pb-2 text-sm text-gray-800 dark:text-gray-200">
            <input
              type="checkbox"
              className="size-4 accent-indigo-600"
              checked={values.enabled}
              onChange={(event) => set("enabled", event.target.checked)}
            />
            Enabled
          </label>
        </div>
        <CheckboxGroup
          id={`${id}-events`}
          legend="Events"
          options={NOTIFICATION_EVENTS.map((event) => ({ value: event, label: NOTIFICATION_EVENT_LABELS[event] }))}
          value={values.events}
          onChange={(events) => set("events", events)}
          error={errors.events}
        />
        {values.events.includes("run.long-running") && (
          <TextField
            label="Minutes before a run counts as still going"
            type="number"
            inputMode="numeric"
            min={1}
            max={10080}
            className="sm:max-w-xs"
            value={values.longRunningMinutes}
            error={errors.longRunningMinutes}
            onChange={(event) => set("longRunningMinutes", event.target.value)}
          />
        )}
        <div className="space-y-3 rounded-lg border border-gray-200 p-4 dark:border-gray-800">
          <h3 className="text-sm font-semibold">E-mail</h3>
          <CheckboxGroup
            id={`${id}-roles`}
            legend="Everyone with the role"
            options={[...ROLES].reverse().map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
            value={values.emailRoles}
            onChange={(roles) => set("emailRoles", roles)}
            error={errors.emailRoles}
          />
          {memberOptions.length > 0 && (
            <CheckboxGroup
              id={`${id}-members`}
              legend="And these members"
              options={memberOptions}
              value={values.emailUserIds}
              onChange={(userIds) => set("emailUserIds", userIds)}
              error={errors.emailUserIds}
            />
          )}
          <p className="text-xs text-gray-500 dark:text-gray-400">Members who muted the organization get no mail.</p>
        </div>
        <div className="space-y-3 rounded-lg border border-gray-200 p-4 dark:border-gray-800">
          <h3 className="text-sm font-semibold">Webhook</h3>
          <TextField
            label="Webhook URL"
            type="url"
            inputMode="url"
            placeholder="https://hooks.example.com/flowdeck"
            autoComplete="off"
            value={values.webhookUrl}
            error={errors.webhookUrl}
            onChange={(event) => set("webhookUrl", event.target.value)}
          />
          <TextField
            label="Signing secret"
            type="password"
            autoComplete="new-password"
            value={values.webhookSecret}
            error={errors.webhookSecret}
            hint={
              rule?.webhook?.secretSet
                ? "A secret is set. Leave this empty to keep it, or type a new one to replace it."
                : "Leave empty to have one made; it is shown once, after saving."
            }
            onChange={(event) => set("webhookSecret", event.target.value)}
          />
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" busy={save.isPending}>
            {save.isPending ? "Saving..." : rule ? "Save rule" : "Create rule"}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
