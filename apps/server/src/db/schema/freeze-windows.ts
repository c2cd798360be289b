import type { WeeklyFreeze } from "@flowdeck/shared/freeze-windows/schemas";
import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns.ts";
import { organizations } from "./organizations.ts";
import { user } from "./auth.ts";

/**
 * An organization's change-freeze windows (decision 071): one-off (starts_at, ends_at) or weekly
 * (days and wall-clock times, read in the organization's time zone). Never edited: deleted and
 * made again, so each is one audit row at each end.
 */
export const freezeWindows = pgTable(
  "freeze_windows",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    weekly: jsonb("weekly").$type<WeeklyFreeze>(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    index("freeze_windows_organization").on(table.organizationId),
    check(
      "freeze_windows_one_kind",
      sql`(${table.weekly} is null) = (${table.startsAt} is not null and ${table.endsAt} is not null)`,
    ),
  ],
);
