import type { AuditEntityType } from "./audit/actions.ts";

/** What a live event says was done. */
export type LiveAction = "created" | "updated" | "deleted";

/**
 * What a change refreshes in the browser (docs/decisions/059): for each kind of thing the server
 * announces on the organization's stream, the families of cached reads it makes stale. The server
 * announces only these entities; the web app's live-update hook invalidates exactly these families,
 * and `orgKey` accepts only a family named here, so a key that no announcement reaches does not
 * compile. "me" is the signed-in user's own read (names, roles, organizations).
 */
export const LIVE_REFRESH = {
  organization: ["organization", "overview", "me", "audit"],
  member: ["member", "overview", "me", "audit"],
  invitation: ["invitation", "overview", "audit"],
  credit: ["credit", "overview", "audit"],
  task: ["task", "overview", "audit"],
  workflow: ["workflow", "overview", "audit"],
  document: ["document", "overview", "audit"],
  user: ["member", "audit"],
  apiToken: ["apiToken", "audit"],
  runner: ["runner", "audit"],
  // A run's own view lives on its stream; a run's start, state and end refresh the lists showing it.
  run: ["workflow", "overview", "audit"],
  notificationRule: ["notification", "audit"],
  // Names, descriptions and who set them; an event never carries a value (it carries no data at all).
  secret: ["secret", "audit"],
  // A webhook's list row (its last calls); a call that starts a run also announces its workflow.
  hook: ["hook", "audit"],
  freezeWindow: ["freezeWindow", "audit"],
  audit: ["audit"],
} as const satisfies Record<AuditEntityType | "audit", readonly string[]>;

/** The kinds of thing a live event names: what the audit log records, and the audit log itself. */
export type LiveEntity = keyof typeof LIVE_REFRESH;
export const LIVE_ENTITIES = Object.keys(LIVE_REFRESH) as LiveEntity[];

/** A family of cached reads some announcement refreshes. */
export type RefreshedFamily = (typeof LIVE_REFRESH)[LiveEntity][number];

/**
 * A family of cached reads that no announcement refreshes, each kept current another way:
 * "run-view" by the run's own stream (GET …/runs/:runId/stream).
 */
export type StreamedFamily = "run-view";

/** The first part of every organization-scoped query key after the organization's id. */
export type QueryFamily = Exclude<RefreshedFamily, "me"> | StreamedFamily;

/** What a service publishes after a commit; the web app invalidates the families it refreshes. */
export type LiveEvent = {
  entity: LiveEntity;
  id: string;
  action: LiveAction;
};
