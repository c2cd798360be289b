import { z } from "zod";
import { OrgParamsSchema } from "../organizations/params.ts";
import { KeysetQuerySchema, keysetPageOf } from "../keyset.ts";
import { ROLES } from "../permissions/roles.ts";
import {
  DELIVERY_STATUSES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  NOTIFICATION_LIMITS as LIMITS,
} from "./constants.ts";
import { NOTIFICATION_MESSAGES as M } from "./messages.ts";

/** Only http(s): a webhook is an HTTP POST, and other schemes (file:, gopher:) must never be fetched. */
export const WebhookUrlSchema = z
  .string({ error: M.urlInvalid })
  .trim()
  .max(LIMITS.url, M.urlInvalid)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
    } catch {
      return false;
    }
  }, M.urlInvalid);

const ruleFields = {
  name: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(LIMITS.name),
  enabled: z.boolean().default(true),
  events: z.array(z.enum(NOTIFICATION_EVENTS), { error: M.eventsRequired }).min(1, M.eventsRequired),
  longRunningMinutes: z
    .number()
    .int()
    .min(1, M.minutesRequired)
    .max(LIMITS.longRunningMinutes)
    .nullable()
    .default(null),
  emailRoles: z.array(z.enum(ROLES)).max(ROLES.length).default([]),
  emailUserIds: z.array(z.string().min(1)).max(LIMITS.recipients).default([]),
  webhookUrl: WebhookUrlSchema.nullable().default(null),
  /** Empty on creation: one is made. Empty on an edit: the one set is kept. */
  webhookSecret: z
    .string()
    .trim()
    .max(LIMITS.secretMax)
    .refine((value) => value === "" || value.length >= LIMITS.secretMin, M.secretTooShort)
    .default(""),
};

/** POST /api/orgs/:orgId/notifications/rules, PUT …/rules/:ruleId, and the rule form. */
export const NotificationRuleInputSchema = z
  .object(ruleFields)
  .superRefine((rule, context) => {
    if (rule.events.includes("run.long-running") && rule.longRunningMinutes === null) {
      context.addIssue({ code: "custom", path: ["longRunningMinutes"], message: M.minutesRequired });
    }
    if (rule.emailRoles.length === 0 && rule.emailUserIds.length === 0 && !rule.webhookUrl) {
      context.addIssue({ code: "custom", path: ["emailRoles"], message: M.channelRequired });
    }
  })
  .transform((rule) => ({
    ...rule,
    longRunningMinutes: rule.events.includes("run.long-running") ? rule.longRunningMinutes : null,
    emailUserIds: [...new Set(rule.emailUserIds)],
    emailRoles: [...new Set(rule.emailRoles)],
  }));
export type NotificationRuleInput = z.input<typeof NotificationRuleInputSchema>;
export type NotificationRuleData = z.output<typeof NotificationRuleInputSchema>;

export const NotificationRuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  events: z.array(z.enum(NOTIFICATION_EVENTS)),
  longRunningMinutes: z.number().int().nullable(),
  emailRoles: z.array(z.enum(ROLES)),
  emailUserIds: z.array(z.string()),
  /** The secret itself is never answered after creation: only that one is set. */
  webhook: z.object({ url: z.string(), secretSet: z.boolean() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type NotificationRule = z.infer<typeof NotificationRuleSchema>;
export const NotificationRuleListSchema = z.object({ items: z.array(NotificationRuleSchema) });

/** The one answer that carries the webhook's secret: its creation (or a new secret set on an edit). */
export const SavedNotificationRuleSchema = NotificationRuleSchema.extend({ webhookSecret: z.string().optional() });
export type SavedNotificationRule = z.infer<typeof SavedNotificationRuleSchema>;

export const NotificationRuleParamsSchema = OrgParamsSchema.extend({ ruleId: z.string().min(1) });

export const DeliveryAttemptSchema = z.object({
  at: z.string(),
  ok: z.boolean(),
  /** The HTTP status the endpoint answered; null for mail, or when no answer came. */
  responseStatus: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
  /** A mail written to the outbox directory (no mail server configured): nobody has received it. */
  outbox: z.boolean(),
});

export const DeliverySchema = z.object({
  id: z.string(),
  ruleId: z.string().nullable(),
  ruleName: z.string().nullable(),
  event: z.string(),
  channel: z.enum(NOTIFICATION_CHANNELS),
  /** The address or URL it goes to. */
  target: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  summary: z.string(),
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  attempts: z.array(DeliveryAttemptSchema),
});
export type Delivery = z.infer<typeof DeliverySchema>;
/** GET …/notifications/deliveries: newest first, a keyset page at a time (`cursor`, `pageSize`). */
export const DeliveryPageSchema = keysetPageOf(DeliverySchema);
export type DeliveryPage = z.infer<typeof DeliveryPageSchema>;
export const DeliveryQuerySchema = KeysetQuerySchema;
export type DeliveryQuery = z.input<typeof DeliveryQuerySchema>;

export const TestResultSchema = z.object({ queued: z.number().int() });

/** /api/profile/notification-mutes: the user's organizations and whether each is muted. */
export const NotificationMuteSchema = z.object({
  organizationId: z.string(),
  organizationName: z.string(),
  muted: z.boolean(),
});
export const NotificationMuteListSchema = z.object({ items: z.array(NotificationMuteSchema) });
export const SetMuteSchema = z.object({ muted: z.boolean({ error: "muted must be true or false" }) });
