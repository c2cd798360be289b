import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { bytea } from "./bytea.ts";
import { organizations } from "./organizations.ts";

const imageColumns = () => ({
  contentType: text("content_type").notNull(),
  content: bytea("content").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  originalName: text("original_name").notNull(),
  originalSize: integer("original_size").notNull(),
  processedSize: integer("processed_size").notNull(),
  uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The organization's logo, re-encoded to fit 300×200. One per organization. */
export const organizationLogos = pgTable("organization_logos", {
  organizationId: text("organization_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  uploadedBy: text("uploaded_by").references(() => user.id, { onDelete: "set null" }),
  ...imageColumns(),
});

/** A user's avatar, re-encoded to fit 300×200. One per user. */
export const userAvatars = pgTable("user_avatars", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  ...imageColumns(),
});
