import { z } from "zod";
import { ACTOR_KINDS } from "./actors.ts";
import { AUDIT_ACTION_NAMES, AUDIT_ENTITY_TYPES, AUDIT_RETENTION } from "./actions.ts";

export const AUDIT_PAGE_SIZE = 50;
/** Rows one CSV export holds at most; narrow the filters for more. */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;

/** What changed: each field's value before and after (a created thing has only `after`). */
export const AuditChangesSchema = z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() }).partial());
export type AuditChanges = z.infer<typeof AuditChangesSchema>;

export const AuditEntrySchema = z.object({
  id: z.string(),
  at: z.iso.datetime(),
  actor: z.object({
    kind: z.enum(ACTOR_KINDS),
    id: z.string().nullable(),
    label: z.string(),
    /** For an API token: the person who created it. */
    onBehalfOf: z.object({ id: z.string(), name: z.string() }).nullable(),
  }),
  action: z.enum(AUDIT_ACTION_NAMES),
  entityType: z.enum(AUDIT_ENTITY_TYPES),
  entityId: z.string().nullable(),
  summary: z.string(),
  changes: AuditChangesSchema.nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

const optionalDate = z.iso
  .datetime({ offset: true, message: "Use a date and time like 2026-01-31T00:00:00Z" })
  .optional()
  .transform((value) => (value ? new Date(value) : undefined));

/** GET /api/orgs/:orgId/audit (and audit.csv): the filters, and where the previous page ended. */
export const AuditQuerySchema = z.object({
  actorKind: z.enum(ACTOR_KINDS).optional(),
  /** Part of the actor's name or e-mail address, any case. */
  actor: z.string().trim().max(200).optional(),
  action: z.enum(AUDIT_ACTION_NAMES).optional(),
  entityType: z.enum(AUDIT_ENTITY_TYPES).optional(),
  from: optionalDate,
  to: optionalDate,
  /** The `nextCursor` of the previous page. */
  cursor: z.string().regex(/^\d+$/, "The cursor is the nextCursor of the previous page").max(20).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(AUDIT_PAGE_SIZE),
});
export type AuditQuery = z.output<typeof AuditQuerySchema>;

export const AuditPageSchema = z.object({
  items: z.array(AuditEntrySchema),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

export const AUDIT_RETENTION_MESSAGE = `Keep the audit log for ${AUDIT_RETENTION.min} to ${AUDIT_RETENTION.max} days`;

export const AuditRetentionSchema = z.object({
  days: z.coerce
    .number({ message: AUDIT_RETENTION_MESSAGE })
    .int(AUDIT_RETENTION_MESSAGE)
    .min(AUDIT_RETENTION.min, AUDIT_RETENTION_MESSAGE)
    .max(AUDIT_RETENTION.max, AUDIT_RETENTION_MESSAGE),
});
export type AuditRetention = z.infer<typeof AuditRetentionSchema>;
