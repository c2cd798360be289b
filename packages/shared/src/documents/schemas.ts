import { z } from "zod";
import { OrgParamsSchema } from "../organizations/params.ts";
import { KeysetQuerySchema, keysetPageOf } from "../keyset.ts";
import { DOCUMENT_CATEGORIES, FILE_CLASSES } from "./file-types.ts";
import { DOCUMENT_MESSAGES } from "./messages.ts";

export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 50;
export const MAX_TITLE_LENGTH = 200;
export const MAX_DESCRIPTION_LENGTH = 2000;

/** Spec 5 (as tasks): comma-separated, trimmed, blanks dropped; repeats (in any case) kept once. */
export function parseTags(value: string | readonly string[]): string[] {
  const pieces = typeof value === "string" ? value.split(",") : value.flatMap((item) => item.split(","));
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const piece of pieces) {
    const tag = piece.trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

/** Form and query values arrive as "" when left empty: that means "not given". */
const blankAsMissing = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

export const DocumentCategorySchema = z.enum(DOCUMENT_CATEGORIES, { error: DOCUMENT_MESSAGES.invalidCategory });

export const TagsSchema = z
  .union([z.string(), z.array(z.string())])
  .transform(parseTags)
  .pipe(
    z.array(z.string().max(MAX_TAG_LENGTH, DOCUMENT_MESSAGES.tagTooLong)).max(MAX_TAGS, DOCUMENT_MESSAGES.tooManyTags),
  );

export const DocumentTitleSchema = z
  .string({ error: DOCUMENT_MESSAGES.titleRequired })
  .trim()
  .min(1, DOCUMENT_MESSAGES.titleRequired)
  .max(MAX_TITLE_LENGTH, DOCUMENT_MESSAGES.titleTooLong);

const DescriptionSchema = z.string().trim().max(MAX_DESCRIPTION_LENGTH, DOCUMENT_MESSAGES.descriptionTooLong);

/**
 * The text fields of an upload, as a multipart form sends them. A missing title becomes the file
 * name without its extension and a missing category follows the extension (spec 5); a title that
 * is sent must not be blank.
 */
export const UploadDocumentFieldsSchema = z.object({
  title: DocumentTitleSchema.optional(),
  description: DescriptionSchema.default(""),
  category: z.preprocess(blankAsMissing, DocumentCategorySchema.optional()),
  tags: TagsSchema.default([]),
});

/** The upload form in the web app: the same rules, with the title always filled in. */
export const DocumentFormSchema = z.object({
  title: DocumentTitleSchema,
  description: DescriptionSchema,
  category: DocumentCategorySchema,
  tags: TagsSchema,
});

/** PATCH: any of the metadata; the file itself changes only through a new version. */
export const UpdateDocumentSchema = z
  .object({
    title: DocumentTitleSchema.optional(),
    description: DescriptionSchema.optional(),
    category: DocumentCategorySchema.optional(),
    tags: TagsSchema.optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), DOCUMENT_MESSAGES.nothingToUpdate);
export type UpdateDocumentInput = z.input<typeof UpdateDocumentSchema>;

/** GET .../documents: spec 7 filters (category, uploadedBy, tags any-of) plus the server-side search. */
export const DocumentListQuerySchema = KeysetQuerySchema.extend({
  category: z.preprocess(blankAsMissing, DocumentCategorySchema.optional()),
  q: z.preprocess(blankAsMissing, z.string().trim().max(200).optional()),
  uploadedBy: z.preprocess(blankAsMissing, z.string().max(200).optional()),
  /** One tag, or several separated by commas: a document with any of them matches. */
  tag: z.preprocess(blankAsMissing, TagsSchema.optional()),
});

export const DocumentParamsSchema = OrgParamsSchema.extend({
  documentId: z.string().min(1, DOCUMENT_MESSAGES.documentIdRequired).max(100),
});

export const DocumentVersionParamsSchema = DocumentParamsSchema.extend({
  version: z.coerce.number().int().min(1).max(1_000_000),
});

const PersonSchema = z.object({ id: z.string(), name: z.string() });

export const DocumentSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: DocumentCategorySchema,
  tags: z.array(z.string()),
  fileName: z.string(),
  fileSize: z.number().int(),
  /** The content type checked from the file's bytes. */
  fileType: z.string(),
  fileClass: z.enum(FILE_CLASSES),
  /** True for PNG, JPEG, GIF and WebP: the only types with an inline preview. */
  previewable: z.boolean(),
  version: z.number().int(),
  downloadCount: z.number().int(),
  lastDownloaded: z.iso.datetime().nullable(),
  /** Null once the uploader's account is gone. */
  uploadedBy: PersonSchema.nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type DocumentItem = z.infer<typeof DocumentSchema>;

export const DocumentVersionSchema = z.object({
  version: z.number().int(),
  fileName: z.string(),
  fileSize: z.number().int(),
  fileType: z.string(),
  uploadedBy: PersonSchema.nullable(),
  createdAt: z.iso.datetime(),
});

/** One document with every stored version, newest first. */
export const DocumentDetailSchema = DocumentSchema.extend({ versions: z.array(DocumentVersionSchema) });
export type DocumentDetail = z.infer<typeof DocumentDetailSchema>;

export const DocumentPageSchema = keysetPageOf(DocumentSchema);
export type DocumentPage = z.infer<typeof DocumentPageSchema>;

/** Spec 9 "Statistics": recent means the last 7 days; the five most downloaded. */
export const DocumentStatsSchema = z.object({
  total: z.number().int(),
  /** Bytes of every stored version of every document (earlier versions stay downloadable). */
  totalSize: z.number().int(),
  recentUploads: z.number().int(),
  byCategory: z.record(DocumentCategorySchema, z.number().int()),
  byClass: z.record(z.enum(FILE_CLASSES), z.number().int()),
  mostDownloaded: z.array(
    z.object({ id: z.string(), title: z.string(), fileName: z.string(), downloadCount: z.number().int() }),
  ),
});
export type DocumentStats = z.infer<typeof DocumentStatsSchema>;

export const RECENT_UPLOAD_DAYS = 7;
export const MOST_DOWNLOADED_COUNT = 5;
