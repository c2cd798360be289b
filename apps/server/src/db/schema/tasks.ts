import {
  TASK_CATEGORIES,
  TASK_PRIORITIES,
  TASK_STATUSES,
  type TaskCategory,
  type TaskPriority,
  type TaskStatus,
} from "@flowdeck/shared/tasks/constants";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { createdAt, id, oneOf, updatedAt } from "./columns.ts";
import { organizations } from "./organizations.ts";

/** A stored system command ("task") with a command line per platform. */
export const tasks = pgTable(
  "tasks",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    category: text("category").$type<TaskCategory>().notNull().default("general"),
    status: text("status").$type<TaskStatus>().notNull().default("active"),
    commandWindows: text("command_windows").notNull().default(""),
    commandLinux: text("command_linux").notNull().default(""),
    commandMac: text("command_mac").notNull().default(""),
    tags: text("tags").array().notNull().default([]),
    executionCount: integer("execution_count").notNull().default(0),
    lastExecuted: timestamp("last_executed", { withTimezone: true }),
    assigneeId: text("assignee_id").references(() => user.id, { onDelete: "set null" }),
    projectId: text("project_id"),
    priority: text("priority").$type<TaskPriority>(),
    dueDate: timestamp("due_date", { withTimezone: true }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // The list's order, newest first (db/keyset.ts), so a page reads its rows only.
    index("tasks_org_created_id_idx").on(
      table.organizationId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // Substring search (ILIKE '%…%') through trigrams (pg_trgm).
    index("tasks_name_trgm_idx").using("gin", table.name.op("gin_trgm_ops")),
    index("tasks_description_trgm_idx").using("gin", table.description.op("gin_trgm_ops")),
    index("tasks_tags_trgm_idx").using("gin", sql`flowdeck_tags_text(${table.tags}) gin_trgm_ops`),
    // The lists of packages/shared/src/tasks/constants.ts: the API checks them, the database too.
    check("tasks_category_valid", oneOf(table.category, TASK_CATEGORIES)),
    check("tasks_status_valid", oneOf(table.status, TASK_STATUSES)),
    check("tasks_priority_valid", oneOf(table.priority, TASK_PRIORITIES)),
    check("tasks_execution_count_not_negative", sql`${table.executionCount} >= 0`),
  ],
);
