import {
  NOTIFICATION_EVENTS,
  NOTIFICATION_EVENT_LABELS,
  NOTIFICATION_LIMITS,
} from "@flowdeck/shared/notifications/constants";
import { NOTIFICATION_MESSAGES } from "@flowdeck/shared/notifications/messages";
import type { NotificationRule, SavedNotificationRule } from "@flowdeck/shared/notifications/schemas";
import { useId } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Modal } from "@/components/ui/modal.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { useZodForm } from "@/lib/use-zod-form.ts";
import { useSaveRule } from "../api/save-rule.ts";
import { CheckboxGroup } from "./checkbox-group.tsx";
import { RuleDeliveryFields } from "./rule-delivery-fields.tsx";
import { RuleFormSchema, ruleToForm } from "./rule-form-values.ts";

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
  const form = useZodForm(RuleFormSchema, { defaultValues: ruleToForm(rule) });
  const { attach: attachForm } = form;
  const save = useSaveRule(orgId);
  const id = useId();

  const submit = form.submit((input) =>
    save.mutate(
      { ruleId: rule?.id ?? null, input },
      {
        onSuccess: (saved) => onSaved(saved, rule ? NOTIFICATION_MESSAGES.updated : NOTIFICATION_MESSAGES.created),
        onError: (error) => form.showServerError(error, "The rule could not be saved. Please try again."),
      },
    ),
  );
  const events = form.watch("events");

  return (
    <Modal
      open
      onClose={onClose}
      size="2xl"
      title={rule ? "Edit notification rule" : "New notification rule"}
      description="Flowdeck sends these after the event, by mail and to your webhook, and logs every attempt."
    >
      <form id={`${id}-form`} ref={attachForm} onSubmit={submit} noValidate className="space-y-5">
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        <div className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
          <TextField
            label="Rule name"
            error={form.errorOf("name")}
            limit={NOTIFICATION_LIMITS.name}
            value={form.watch("name")}
            autoComplete="off"
            {...form.register("name")}
          />
          <label className="flex items-center gap-2 pb-2 text-sm text-gray-800 dark:text-gray-200">
            <input type="checkbox" className="size-4 accent-indigo-600" {...form.register("enabled")} />
            Enabled
          </label>
        </div>
        <CheckboxGroup
          id={`${id}-events`}
          legend="Events"
          options={NOTIFICATION_EVENTS.map((event) => ({ value: event, label: NOTIFICATION_EVENT_LABELS[event] }))}
          value={events}
          onChange={(next) => form.setValue("events", next)}
          error={form.errorOf("events")}
        />
        {events.includes("run.long-running") && (
          <TextField
            label="Minutes before a run counts as still going"
            type="number"
            inputMode="numeric"
            min={1}
            max={NOTIFICATION_LIMITS.longRunningMinutes}
            className="sm:max-w-xs"
            error={form.errorOf("longRunningMinutes")}
            {...form.register("longRunningMinutes")}
          />
        )}
        <RuleDeliveryFields orgId={orgId} id={id} form={form} secretSet={rule?.webhook?.secretSet ?? false} />
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
