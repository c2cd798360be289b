import type { Role } from "@flowdeck/shared";
import type { NotificationEvent } from "@flowdeck/shared/notifications/constants";
import {
  NotificationRuleInputSchema,
  type NotificationRule,
  type NotificationRuleData,
  type NotificationRuleInput,
} from "@flowdeck/shared/notifications/schemas";
import { z } from "zod";
import type { ZodForm } from "@/lib/use-zod-form.ts";

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

/** The form's values checked by the server's own schema; the output is the request body. */
export const RuleFormSchema = z.custom<RuleFormValues>().transform(formToInput).pipe(NotificationRuleInputSchema);

export type RuleForm = ZodForm<RuleFormValues, NotificationRuleData>;
