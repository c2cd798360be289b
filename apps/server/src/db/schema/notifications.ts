import {
  DELIVERY_STATUSES,
  NOTIFICATION_CHANNELS,
  type DeliveryStatus,
  type NotificationChannel,
} from "@flowdeck/shared/notifications/constants";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { createdAt, id, oneOf, updatedAt } from "./columns.ts";
import { organizations } from "./organizations.ts";

/** What an organization wants to hear about, and where (docs/decisions/026). */
export const notificationRules = pgTable(
  "notification_rules",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    events: text("events").array().notNull(),
    longRunningMinutes: integer("long_running_minutes"),
    emailRoles: text("email_roles").array().notNull().default([]),
    emailUserIds: text("email_user_ids").array().notNull().default([]),
    webhookUrl: text("webhook_url"),
    /** Signs the webhook's body; kept to sign, never answered or logged after creation. */
    webhookSecret: text("webhook_secret"),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("notification_rules_org_idx").on(table.organizationId, table.createdAt),
    check(
      "notification_rules_minutes_positive",
      sql`${table.longRunningMinutes} is null or ${table.longRunningMinutes} > 0`,
    ),
    check("notification_rules_webhook_complete", sql`(${table.webhookUrl} is null) = (${table.webhookSecret} is null)`),
  ],
);

/**
 * The outbox: one row per message to send (a mail to one member, or one webhook call), written in
 * the transaction where the event happened and sent after it commits by the delivery job.
 */
export const notificationDeliveries = pgTable(
  "notification_deliveries",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    ruleId: text("rule_id").references(() => notificationRules.id, { onDelete: "set null" }),
    event: text("event").notNull(),
    channel: text("channel").$type<NotificationChannel>().notNull(),
    /** The member to mail (their address is read when sending), for e-mail. */
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    /** The URL, for a webhook. */
    url: text("url"),
    /** What happened, as the webhook's body carries it. */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status").$type<DeliveryStatus>().notNull().default("pending"),
    attemptCount: integer("attempt_count").notNull().default(0),
    /** When the delivery job may take it next; a claim pushes it on, so a crashed instance's claim expires. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    index("notification_deliveries_due_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index("notification_deliveries_org_idx").on(table.organizationId, table.createdAt.desc()),
    // Deleting a rule sets its past deliveries' rule to null.
    index("notification_deliveries_rule_idx")
      .on(table.ruleId)
      .where(sql`${table.ruleId} is not null`),
    check("notification_deliveries_channel_valid", oneOf(table.channel, NOTIFICATION_CHANNELS)),
    check("notification_deliveries_status_valid", oneOf(table.status, DELIVERY_STATUSES)),
  ],
);

/** The delivery log: every attempt, with how it went. */
export const notificationAttempts = pgTable(
  "notification_attempts",
  {
    id: id(),
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => notificationDeliveries.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull(),
    ok: boolean("ok").notNull(),
    responseStatus: integer("response_status"),
    error: text("error"),
    durationMs: integer("duration_ms").notNull(),
    /** The mail was written to the outbox directory (no SMTP_URL): nobody has received it. */
    outbox: boolean("outbox").notNull().default(false),
  },
  (table) => [index("notification_attempts_delivery_idx").on(table.deliveryId, table.at)],
);

/** A member who does not want an organization's notification mail. */
export const notificationMutes = pgTable(
  "notification_mutes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.organizationId] })],
);

/**
 * Events already told, per rule (`<event key>|<rule id>`), so one that is seen again — the
 * scheduler's next tick, the long-running check on another instance — is not told twice.
 */
export const notificationsTold = pgTable("notifications_told", {
  key: text("key").primaryKey(),
  organizationId: text("organization_id")
    .notNull()
    .references(() => organizations.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});
