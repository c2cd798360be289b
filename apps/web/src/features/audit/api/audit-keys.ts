import type { ActorKind } from "@flowdeck/shared/audit/actors";
import type { AuditAction, AuditEntityType } from "@flowdeck/shared/audit/actions";
import { orgKey, orgPath } from "@/lib/org-api.ts";

/** The filters the page applies; dates are days (yyyy-mm-dd) in the reader's timezone. */
export type AuditFilters = {
  actorKind?: ActorKind;
  actor?: string;
  action?: AuditAction;
  entityType?: AuditEntityType;
  from?: string;
  to?: string;
};

/**
 * Keys start with orgKey(orgId, "audit"): the server announces each new audit row as an "audit"
 * change, so the live-update hook refreshes an open log and new rows appear on their own.
 */
export const auditKeys = {
  all: (orgId: string) => orgKey(orgId, "audit"),
  list: (orgId: string, filters: AuditFilters) => orgKey(orgId, "audit", "list", filters),
  retention: (orgId: string) => orgKey(orgId, "audit", "retention"),
};

export function auditPath(orgId: string, rest = ""): string {
  return orgPath(orgId, `audit${rest}`);
}

/** The query string of the filters: a day range becomes the instants that bound it, in local time. */
export function auditQuery(filters: AuditFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (filters.actorKind) params.set("actorKind", filters.actorKind);
  if (filters.actor?.trim()) params.set("actor", filters.actor.trim());
  if (filters.action) params.set("action", filters.action);
  if (filters.entityType) params.set("entityType", filters.entityType);
  if (filters.from) params.set("from", new Date(`${filters.from}T00:00:00`).toISOString());
  if (filters.to) params.set("to", new Date(`${filters.to}T23:59:59.999`).toISOString());
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  return query ? `?${query}` : "";
}
