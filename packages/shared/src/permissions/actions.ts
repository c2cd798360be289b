import { API_TOKEN_MESSAGES } from "../api-tokens/messages.ts";
import { DOCUMENT_MESSAGES } from "../documents/messages.ts";
import { MESSAGES } from "../errors/messages.ts";
import { IMPORT_EXPORT_MESSAGES } from "../import-export/messages.ts";
import { MEMBER_MESSAGES } from "../members/messages.ts";
import { NOTIFICATION_MESSAGES } from "../notifications/messages.ts";
import { RETENTION_MESSAGES } from "../retention/messages.ts";
import { HOOK_MESSAGES } from "../hooks/messages.ts";
import { RUNNER_MESSAGES } from "../runners/messages.ts";
import { SECRET_MESSAGES } from "../secrets/messages.ts";
import { FREEZE_WINDOW_MESSAGES } from "../freeze-windows/messages.ts";
import { SSO_MESSAGES } from "../sso/messages.ts";
import { SETTINGS_MESSAGES, TWO_FACTOR_REQUIREMENT_MESSAGES } from "../settings/messages.ts";
import { TASK_MESSAGES } from "../tasks/messages.ts";
import { WORKFLOW_MESSAGES } from "../workflows/messages.ts";
import { hasRole, type Role } from "./roles.ts";

export type ActionRule = {
  minimumRole: Role;
  /** The specification's text for a refusal, where it has one. */
  deniedMessage?: string;
  /** Only a signed-in person may do it, never an API token: tokens cannot mint or end tokens. */
  peopleOnly?: true;
};

/**
 * Everything a member can do in an organization, and the lowest role that may do it (spec 6).
 * The server enforces it on every /api/orgs/:orgId route (each declares its action), and the web
 * app asks the same table which controls to offer.
 */
export const ACTIONS = {
  "organization.read": { minimumRole: "viewer" },
  "members.read": { minimumRole: "viewer" },
  "members.updateRole": { minimumRole: "admin", deniedMessage: MESSAGES.cannotUpdateMemberRoles },
  "members.remove": { minimumRole: "admin", deniedMessage: MESSAGES.cannotRemoveMembers },
  /** Only the creator, in fact: the service checks that the owner asking is the creator. */
  "members.transferOwnership": {
    minimumRole: "owner",
    deniedMessage: MEMBER_MESSAGES.onlyCreatorTransfers,
    peopleOnly: true,
  },
  "invitations.read": { minimumRole: "admin", deniedMessage: MESSAGES.cannotInvite },
  "invitations.send": { minimumRole: "admin", deniedMessage: MESSAGES.cannotInvite },
  "invitations.cancel": { minimumRole: "admin", deniedMessage: MESSAGES.cannotInvite },
  "credits.read": { minimumRole: "viewer" },
  "credits.consume": { minimumRole: "viewer" },
  "credits.add": { minimumRole: "admin", deniedMessage: MESSAGES.cannotAddCredits },
  "tasks.read": { minimumRole: "viewer" },
  "tasks.create": { minimumRole: "editor", deniedMessage: TASK_MESSAGES.cannotManage },
  "tasks.update": { minimumRole: "editor", deniedMessage: TASK_MESSAGES.cannotManage },
  "tasks.delete": { minimumRole: "editor", deniedMessage: TASK_MESSAGES.cannotManage },
  "workflows.read": { minimumRole: "viewer" },
  "workflows.create": { minimumRole: "editor", deniedMessage: WORKFLOW_MESSAGES.cannotManage },
  "workflows.update": { minimumRole: "editor", deniedMessage: WORKFLOW_MESSAGES.cannotManage },
  "workflows.delete": { minimumRole: "editor", deniedMessage: WORKFLOW_MESSAGES.cannotManage },
  "workflows.run": { minimumRole: "editor", deniedMessage: WORKFLOW_MESSAGES.cannotManage },
  /** Cancelling a queued or running run. */
  "runs.cancel": { minimumRole: "editor", deniedMessage: WORKFLOW_MESSAGES.cannotManage },
  /**
   * Approving or rejecting a run that awaits approval (decision 067): any member may call it, and
   * the workflow's approval decides who may (a minimum role or named members, never the one who
   * asked). Approvals are given by people: a token is refused.
   */
  "runs.approve": { minimumRole: "viewer", peopleOnly: true },
  /** The runs waiting for the caller's approval (the Approvals page): a person's list. */
  "approvals.read": { minimumRole: "viewer", peopleOnly: true },
  /** A pinned run is never deleted by retention. */
  "runs.pin": { minimumRole: "editor", deniedMessage: WORKFLOW_MESSAGES.cannotManage },
  /**
   * The runner list (names, platforms, labels, who is online): nothing secret, and what a CI job
   * checks before it starts a run, so any member and any API token reads it.
   */
  "runners.read": { minimumRole: "viewer" },
  /** Registration tokens, renaming, labels and revoking: credentials are minted by people only. */
  "runners.manage": { minimumRole: "admin", deniedMessage: RUNNER_MESSAGES.cannotManage, peopleOnly: true },
  /**
   * Secrets' names and descriptions (to choose them in a workflow); a value is never readable by
   * anyone. Viewers see nothing of them.
   */
  "secrets.read": { minimumRole: "editor", deniedMessage: SECRET_MESSAGES.cannotRead },
  /** Creating, replacing and deleting secrets; an admin token may too (decision 060). */
  "secrets.manage": { minimumRole: "admin", deniedMessage: SECRET_MESSAGES.cannotManage },
  /** A workflow's webhooks (names, signature modes, mappings, last calls, never a secret). */
  "hooks.read": { minimumRole: "editor", deniedMessage: HOOK_MESSAGES.cannotManage },
  /**
   * Creating, rotating and revoking webhooks: each answers a credential that starts runs, so, like
   * API tokens and runner registrations, only people mint them (decision 068).
   */
  "hooks.manage": { minimumRole: "editor", deniedMessage: HOOK_MESSAGES.cannotManage, peopleOnly: true },
  /** Change-freeze windows (decision 071): set by admins and owners, who alone may override one. */
  "freezeWindows.manage": { minimumRole: "admin", deniedMessage: FREEZE_WINDOW_MESSAGES.cannotManage },
  "documents.read": { minimumRole: "viewer" },
  "documents.create": { minimumRole: "editor", deniedMessage: DOCUMENT_MESSAGES.noPermission },
  "documents.update": { minimumRole: "editor", deniedMessage: DOCUMENT_MESSAGES.noPermission },
  "documents.delete": { minimumRole: "editor", deniedMessage: DOCUMENT_MESSAGES.noPermission },
  "settings.read": { minimumRole: "viewer" },
  "settings.update": { minimumRole: "admin", deniedMessage: SETTINGS_MESSAGES.noPermission },
  "apiTokens.read": { minimumRole: "admin", deniedMessage: API_TOKEN_MESSAGES.cannotManage, peopleOnly: true },
  "apiTokens.create": { minimumRole: "admin", deniedMessage: API_TOKEN_MESSAGES.cannotManage, peopleOnly: true },
  "apiTokens.revoke": { minimumRole: "admin", deniedMessage: API_TOKEN_MESSAGES.cannotManage, peopleOnly: true },
  "twoFactor.require": { minimumRole: "owner", deniedMessage: TWO_FACTOR_REQUIREMENT_MESSAGES.cannotConfigure },
  /**
   * The organization's single sign-on connection (decision 075): who may sign in how, with a
   * client secret in it, so owners only, and people only.
   */
  "sso.manage": { minimumRole: "owner", deniedMessage: SSO_MESSAGES.cannotManage, peopleOnly: true },
  "retention.update": { minimumRole: "owner", deniedMessage: RETENTION_MESSAGES.cannotManage },
  "notifications.manage": { minimumRole: "admin", deniedMessage: NOTIFICATION_MESSAGES.cannotManage },
  /** A member's own mute of the organization's mail: a person's preference, which a token has none of. */
  "notifications.mute": { minimumRole: "viewer", peopleOnly: true },
  /**
   * The organization's commands, workflows and notification rules as one YAML document, and
   * importing one (decision 069): admins, and tokens within their role (a CI job keeps the file in Git).
   */
  "organization.export": { minimumRole: "admin", deniedMessage: IMPORT_EXPORT_MESSAGES.cannotExport },
  "organization.import": { minimumRole: "admin", deniedMessage: IMPORT_EXPORT_MESSAGES.cannotImport },
  "audit.read": { minimumRole: "admin", deniedMessage: "You need admin role or higher to read the audit log" },
  "audit.configure": { minimumRole: "owner", deniedMessage: "Only an owner can change how long the audit log is kept" },
} as const satisfies Record<string, ActionRule>;

export type Action = keyof typeof ACTIONS;

export function isAction(value: unknown): value is Action {
  return typeof value === "string" && Object.hasOwn(ACTIONS, value);
}

/** Whether a member with `role` may do `action`. A membership without a role acts as viewer. */
export function can(role: Role | null | undefined, action: Action): boolean {
  return hasRole(role, ACTIONS[action].minimumRole);
}

/** What a refused member is told. */
export function deniedMessage(action: Action): string {
  const rule: ActionRule = ACTIONS[action];
  return rule.deniedMessage ?? `You need ${rule.minimumRole} role or higher to do this`;
}

/** Whether an API token may do `action` at all (its role is checked as a member's is). */
export function tokensMay(action: Action): boolean {
  const rule: ActionRule = ACTIONS[action];
  return !rule.peopleOnly;
}
