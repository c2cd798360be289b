import { AUDIT_ENTITY_TYPES } from "./audit/actions.ts";

/** What a live event says was done. */
export type LiveAction = "created" | "updated" | "deleted";

/** The kinds of thing a live event names: what the audit log records, and the audit log itself. */
export const LIVE_ENTITIES = [...AUDIT_ENTITY_TYPES, "audit"] as const;
export type LiveEntity = (typeof LIVE_ENTITIES)[number];

/** What a service publishes after a commit; the web app invalidates the matching queries. */
export type LiveEvent = {
  entity: LiveEntity;
  id: string;
  action: LiveAction;
};
