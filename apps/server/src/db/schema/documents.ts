import { sql } from "drizzle-orm";
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
    /**
     * The file name's extension, lower-cased ("" without one), kept by the database: the statistics
     * group documents by it, and a pattern matched on every row of a large organization was most
     * of their time (bench/README.md, "Lists at scale").
     */
    fileExtension: text("file_extension")
      .notNull()
      .generatedAlwaysAs(sql`lower(coalesce(substring(file_name from '\\.([^.]+)$'), ''))`),
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
  (table) => [
    // The list's order, newest first (db/keyset.ts), so a page reads its rows only.
    index("documents_org_created_id_idx").on(
      table.organizationId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // The statistics' most downloaded: read from the top, past the documents never downloaded.
    index("documents_org_downloads_idx")
      .on(table.organizationId, table.downloadCount.desc().nullsFirst(), table.createdAt.desc().nullsFirst())
      .where(sql`download_count > 0`),
    // Substring search (ILIKE '%…%') through trigrams (pg_trgm).
    index("documents_title_trgm_idx").using("gin", table.title.op("gin_trgm_ops")),
    index("documents_description_trgm_idx").using("gin", table.description.op("gin_trgm_ops")),
    index("documents_file_name_trgm_idx").using("gin", table.fileName.op("gin_trgm_ops")),
    index("documents_tags_trgm_idx").using("gin", sql`flowdeck_tags_text(${table.tags}) gin_trgm_ops`),
  ],
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
  (table) => [
    uniqueIndex("document_files_version_unique").on(table.documentId, table.version),
    // The organization's storage used sums its files' sizes; an organization's deletion finds them.
    index("document_files_org_idx").on(table.organizationId),
  ],
);
