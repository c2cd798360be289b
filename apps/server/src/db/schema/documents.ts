import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { bytea } from "./bytea.ts";
import { createdAt, id, updatedAt } from "./columns.ts";
import { organizations } from "./organizations.ts";

/** A document's description; its file contents live in document_files so lists never read them. */
export const documents = pgTable(
  "documents",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    category: text("category").notNull().default("general"),
    tags: text("tags").array().notNull().default([]),
    fileName: text("file_name").notNull(),
    fileSize: integer("file_size").notNull(),
    /** The content type checked from the file's bytes. */
    fileType: text("file_type").notNull(),
    version: integer("version").notNull().default(1),
    downloadCount: integer("download_count").notNull().default(0),
    lastDownloaded: timestamp("last_downloaded", { withTimezone: true }),
    uploadedBy: text("uploaded_by").references(() => user.id, { onDelete: "set null" }),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("documents_org_created_idx").on(table.organizationId, table.createdAt.desc(), table.id)],
);

/** Every uploaded version of a document's file; earlier versions stay downloadable. */
export const documentFiles = pgTable(
  "document_files",
  {
    id: id(),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    fileName: text("file_name").notNull(),
    fileSize: integer("file_size").notNull(),
    fileType: text("file_type").notNull(),
    sha256: text("sha256").notNull(),
    content: bytea("content").notNull(),
    uploadedBy: text("uploaded_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("document_files_version_unique").on(table.documentId, table.version)],
);
