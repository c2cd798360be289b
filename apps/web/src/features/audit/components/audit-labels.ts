import type { ActorKind } from "@flowdeck/shared/audit/actors";
import type { AuditEntityType } from "@flowdeck/shared/audit/actions";

export const ACTOR_KIND_LABELS: Record<ActorKind, string> = {
  user: "Member",
  token: "API token",
  runner: "Runner",
  system: "Flowdeck",
  hook: "Webhook",
};

export const ENTITY_LABELS: Record<AuditEntityType, string> = {
  organization: "Organization",
  member: "Member",
  invitation: "Invitation",
  credit: "Credits",
  task: "Command",
  workflow: "Workflow",
  document: "Document",
  user: "Account",
  apiToken: "API token",
  runner: "Runner",
  run: "Run",
  notificationRule: "Notification rule",
  secret: "Secret",
  hook: "Webhook",
  freezeWindow: "Freeze window",
};
