import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
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

/**
 * What the re-encoding guarantees, kept by the database too: images are served inline from these
 * tables, so nothing but a raster image inside 300×200 may ever be stored here.
 */
type ImageColumns = Record<"contentType" | "width" | "height" | "originalSize" | "processedSize", AnyPgColumn>;

const imageChecks = (table: string, columns: ImageColumns) => [
  check(`${table}_content_type`, sql`${columns.contentType} in ('image/jpeg', 'image/png', 'image/gif', 'image/webp')`),
  check(`${table}_fits`, sql`${columns.width} between 1 and 300 and ${columns.height} between 1 and 200`),
  check(`${table}_sizes`, sql`${columns.processedSize} > 0 and ${columns.originalSize} between 1 and 512000`),
];

/** The organization's logo, re-encoded to fit 300×200. One per organization. */
export const organizationLogos = pgTable(
  "organization_logos",
  {
    organizationId: text("organization_id")
      .primaryKey()
      .references(() => organizations.id, { onDelete: "cascade" }),
    uploadedBy: text("uploaded_by").references(() => user.id, { onDelete: "set null" }),
    ...imageColumns(),
  },
  (table) => imageChecks("organization_logos", table),
);

/** A user's avatar, re-encoded to fit 300×200. One per user. */
export const userAvatars = pgTable(
  "user_avatars",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    ...imageColumns(),
  },
  (table) => imageChecks("user_avatars", table),
);
