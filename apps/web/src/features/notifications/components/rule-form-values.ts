import type { NotificationEvent } from "@flowdeck/shared/notifications/constants";
import type { NotificationRule, NotificationRuleInput } from "@flowdeck/shared/notifications/schemas";
import type { Role } from "@flowdeck/shared";

/** What the rule form's fields hold, as typed. */
export type RuleFormValues = {
  name: string;
  enabled: boolean;
  events: NotificationEvent[];
  longRunningMinutes: string;
  emailRoles: Role[];
  emailUserIds: string[];
  webhookUrl: string;
  webhookSecret: string;
};

export function ruleToForm(rule: NotificationRule | null): RuleFormValues {
  return {
    name: rule?.name ?? "",
    enabled: rule?.enabled ?? true,
    events: rule?.events ?? ["run.failed", "run.recovered"],
    longRunningMinutes: rule?.longRunningMinutes ? String(rule.longRunningMinutes) : "60",
    emailRoles: rule?.emailRoles ?? (rule ? [] : ["owner", "admin"]),
    emailUserIds: rule?.emailUserIds ?? [],
    webhookUrl: rule?.webhook?.url ?? "",
    webhookSecret: "",
  };
}

export function formToInput(values: RuleFormValues): NotificationRuleInput {
  const minutes = Number(values.longRunningMinutes);
  return {
    name: values.name,
    enabled: values.enabled,
    events: values.events,
    longRunningMinutes: values.longRunningMinutes.trim() && Number.isInteger(minutes) ? minutes : null,
    emailRoles: values.emailRoles,
    emailUserIds: values.emailUserIds,
    webhookUrl: values.webhookUrl.trim() || null,
    webhookSecret: values.webhookSecret,
  };
}
