import { z } from "zod";

/** The one version of the YAML document; a later format gets a new number. */
export const EXPORT_FORMAT_VERSION = 1;

/** A YAML document larger than this is refused before it is parsed. */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;

export const IMPORT_KINDS = ["task", "workflow", "notification-rule"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** POST /api/orgs/:orgId/import?dryRun=true|false (default false: apply). */
export const ImportQuerySchema = z.object({
  dryRun: z
    .enum(["true", "false"], { error: "dryRun must be true or false" })
    .default("false")
    .transform((value) => value === "true"),
});

/** One field of a changed thing: its exported value before, and the file's. */
export const FieldChangeSchema = z.object({
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type FieldChange = z.infer<typeof FieldChangeSchema>;

export const ImportItemSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  /** The name, which is the key of a command, a workflow or a rule. */
  key: z.string(),
});
export type ImportItem = z.infer<typeof ImportItemSchema>;

export const ImportUpdateSchema = ImportItemSchema.extend({ changes: z.array(FieldChangeSchema) });
export type ImportUpdate = z.infer<typeof ImportUpdateSchema>;

/** What is wrong, with the line of the file it is on (1-based; 1 when it concerns the whole file). */
export const ImportErrorSchema = z.object({ line: z.number().int(), message: z.string() });
export type ImportError = z.infer<typeof ImportErrorSchema>;

/** The import's answer: a preview on a dry run, what was done otherwise. With errors nothing is applied. */
export const ImportPreviewSchema = z.object({
  dryRun: z.boolean(),
  /** Whether the changes were written (false on a dry run, with errors, and when nothing changed). */
  applied: z.boolean(),
  create: z.array(ImportItemSchema),
  update: z.array(ImportUpdateSchema),
  unchanged: z.array(ImportItemSchema),
  errors: z.array(ImportErrorSchema),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

/**
 * A refused import (400): the error shape every route answers and, when the document was read,
 * the preview with its errors (a body that is not a document gets the error alone).
 */
export const RefusedImportSchema = ImportPreviewSchema.partial().extend({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type RefusedImport = z.infer<typeof RefusedImportSchema>;

/** The types a YAML document is sent as (an import, decision 069). */
export const YAML_CONTENT_TYPES = ["text/yaml", "application/yaml", "application/x-yaml"] as const;
