import type { AuditChanges } from "@flowdeck/shared/audit/schemas";

/**
 * Before → after of the named fields, only those that differ; a created thing has only `after`,
 * a deleted one only `before`. Callers name the fields, so a secret or a file's contents can only
 * reach the audit log by being named.
 */
export function changesBetween<T extends object>(
  before: T | null | undefined,
  after: T | null | undefined,
  fields: ReadonlyArray<keyof T & string>,
): AuditChanges | null {
  const changes: AuditChanges = {};
  for (const field of fields) {
    const was = before ? plain(before[field]) : undefined;
    const is = after ? plain(after[field]) : undefined;
    if (JSON.stringify(was) === JSON.stringify(is)) continue;
    changes[field] = { ...(before && { before: was ?? null }), ...(after && { after: is ?? null }) };
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

function plain(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}
