import { RETENTION_DEFAULTS } from "@flowdeck/shared/retention/messages";
import { ROLES, type Role } from "@flowdeck/shared/permissions/roles";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { createdAt, id, oneOf, updatedAt } from "./columns.ts";

export type NotificationSettings = { email: boolean; pushNotifications: boolean; weeklyReports: boolean };

export const organizations = pgTable(
  "organizations",
  {
    id: id(),
    name: text("name").notNull(),
    description: text("description"),
    /** Stored lowercase; unique. */
    domain: text("domain"),
    createdBy: text("created_by").references((): AnyPgColumn => user.id, { onDelete: "set null" }),
    credits: integer("credits").notNull().default(0),
    /** Credits each queued run consumes; 0: runs are free. */
    creditsPerRun: integer("credits_per_run").notNull().default(0),
    /** Retention (decision 029): ended runs older than this many days are deleted, pinned ones aside. */
    keepRunsDays: integer("keep_runs_days").notNull().default(RETENTION_DEFAULTS.keepRunsDays),
    /** Retention: a workflow's ended runs past this many, newest first, are deleted, pinned ones aside. */
    maxRunsPerWorkflow: integer("max_runs_per_workflow").notNull().default(RETENTION_DEFAULTS.maxRunsPerWorkflow),
    website: text("website"),
    timezone: text("timezone").notNull().default("UTC"),
    address: text("address"),
    phone: text("phone"),
    industry: text("industry"),
    notifications: jsonb("notifications")
      .$type<NotificationSettings>()
      .notNull()
      .default({ email: true, pushNotifications: true, weeklyReports: false }),
    updatedBy: text("updated_by").references((): AnyPgColumn => user.id, { onDelete: "set null" }),
    lastActivity: timestamp("last_activity", { withTimezone: true }).notNull().defaultNow(),
    /** Audit rows older than this many days are deleted in the background (an owner's setting). */
    auditRetentionDays: integer("audit_retention_days").notNull().default(365),
    /** Members without two-factor sign-in may do nothing here until they turn it on (an owner's setting). */
    requireTwoFactor: boolean("require_two_factor").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("organizations_domain_unique").on(table.domain),
    check("organizations_credits_not_negative", sql`${table.credits} >= 0`),
    check("organizations_credits_per_run_not_negative", sql`${table.creditsPerRun} >= 0`),
    check("organizations_audit_retention_range", sql`${table.auditRetentionDays} between 7 and 3650`),
    check("organizations_retention_positive", sql`${table.keepRunsDays} > 0 and ${table.maxRunsPerWorkflow} > 0`),
  ],
);

export const memberships = pgTable(
  "memberships",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Null only for a membership that was given no role; it acts as viewer and shows as 'member'. */
    role: text("role").$type<Role>(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.userId] }),
    index("memberships_user_idx").on(table.userId),
    check("memberships_role_valid", sql`${table.role} is null or ${oneOf(table.role, ROLES)}`),
  ],
);
