import type { LiveAction } from "../events.ts";

/**
 * What the audit log records: each change's action, the kind of thing it changed, and the live
 * event the same change announces after its commit (null: nothing on screen shows it).
 */
export const AUDIT_ENTITY_TYPES = [
  "organization",
  "member",
  "invitation",
  "credit",
  "task",
  "workflow",
  "document",
  "user",
  "apiToken",
  "runner",
  "run",
  "notificationRule",
  "secret",
  "hook",
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

export type AuditActionRule = { entityType: AuditEntityType; live: LiveAction | null; label: string };

export const AUDIT_ACTIONS = {
  "organization.created": { entityType: "organization", live: "created", label: "Organization created" },
  "settings.updated": { entityType: "organization", live: "updated", label: "Settings changed" },
  "logo.updated": { entityType: "organization", live: "updated", label: "Logo changed" },
  "logo.removed": { entityType: "organization", live: "updated", label: "Logo removed" },
  "twoFactor.requirement_changed": {
    entityType: "organization",
    live: "updated",
    label: "Two-factor requirement changed",
  },
  "organization.imported": { entityType: "organization", live: null, label: "Imported from a YAML document" },
  "audit.retention_changed": { entityType: "organization", live: "updated", label: "Audit retention changed" },
  "member.joined": { entityType: "member", live: "created", label: "Member joined" },
  "member.role_changed": { entityType: "member", live: "updated", label: "Member role changed" },
  "member.removed": { entityType: "member", live: "deleted", label: "Member removed" },
  "member.ownership_transferred": { entityType: "member", live: "updated", label: "Ownership transferred" },
  "member.profile_updated": { entityType: "member", live: "updated", label: "Profile changed" },
  "invitation.sent": { entityType: "invitation", live: "created", label: "Invitation sent" },
  "invitation.resent": { entityType: "invitation", live: "updated", label: "Invitation resent" },
  "invitation.cancelled": { entityType: "invitation", live: "deleted", label: "Invitation cancelled" },
  "invitation.declined": { entityType: "invitation", live: "deleted", label: "Invitation declined" },
  "credits.consumed": { entityType: "credit", live: "created", label: "Credits consumed" },
  "credits.added": { entityType: "credit", live: "created", label: "Credits added" },
  "task.created": { entityType: "task", live: "created", label: "Command created" },
  "task.updated": { entityType: "task", live: "updated", label: "Command changed" },
  "task.deleted": { entityType: "task", live: "deleted", label: "Command deleted" },
  "workflow.created": { entityType: "workflow", live: "created", label: "Workflow created" },
  "workflow.updated": { entityType: "workflow", live: "updated", label: "Workflow changed" },
  "workflow.deleted": { entityType: "workflow", live: "deleted", label: "Workflow deleted" },
  "workflow.steps_reordered": { entityType: "workflow", live: "updated", label: "Workflow steps reordered" },
  "workflow.step_marked": { entityType: "workflow", live: "updated", label: "Workflow step marked" },
  "workflow.run": { entityType: "workflow", live: "updated", label: "Workflow run" },
  "workflow.started": { entityType: "workflow", live: "updated", label: "Workflow started" },
  "workflow.completed": { entityType: "workflow", live: "updated", label: "Workflow completed" },
  "workflow.rescheduled": { entityType: "workflow", live: "updated", label: "Workflow rescheduled" },
  "workflow.run_after_failed": {
    entityType: "workflow",
    live: "updated",
    label: "Workflow could not start after another run",
  },
  "document.uploaded": { entityType: "document", live: "created", label: "Document uploaded" },
  "document.version_uploaded": { entityType: "document", live: "updated", label: "Document version uploaded" },
  "document.updated": { entityType: "document", live: "updated", label: "Document details changed" },
  "document.downloaded": { entityType: "document", live: "updated", label: "Document downloaded" },
  "document.deleted": { entityType: "document", live: "deleted", label: "Document deleted" },
  "apiToken.created": { entityType: "apiToken", live: "created", label: "API token created" },
  "apiToken.revoked": { entityType: "apiToken", live: "deleted", label: "API token revoked" },
  "runner.registration_token_created": {
    entityType: "runner",
    live: null,
    label: "Runner registration token created",
  },
  "runner.registered": { entityType: "runner", live: "created", label: "Runner registered" },
  "runner.updated": { entityType: "runner", live: "updated", label: "Runner changed" },
  "runner.revoked": { entityType: "runner", live: "updated", label: "Runner revoked" },
  "run.claimed": { entityType: "run", live: "updated", label: "Run claimed by a runner" },
  "run.step_finished": { entityType: "run", live: "updated", label: "Run step finished" },
  "run.finished": { entityType: "run", live: "updated", label: "Run finished" },
  "run.cancelled": { entityType: "run", live: "updated", label: "Run cancelled" },
  "run.approval_requested": { entityType: "run", live: "created", label: "Run approval requested" },
  "run.approved": { entityType: "run", live: "updated", label: "Run approved" },
  "run.rejected": { entityType: "run", live: "updated", label: "Run rejected" },
  "run.expired": { entityType: "run", live: "updated", label: "Run approval expired" },
  "run.pinned": { entityType: "run", live: "updated", label: "Run pinned" },
  "run.unpinned": { entityType: "run", live: "updated", label: "Run unpinned" },
  "secret.created": { entityType: "secret", live: "created", label: "Secret created" },
  "secret.replaced": { entityType: "secret", live: "updated", label: "Secret value replaced" },
  "secret.deleted": { entityType: "secret", live: "deleted", label: "Secret deleted" },
  "hook.created": { entityType: "hook", live: "created", label: "Webhook created" },
  "hook.rotated": { entityType: "hook", live: "updated", label: "Webhook URL rotated" },
  "hook.revoked": { entityType: "hook", live: "updated", label: "Webhook revoked" },
  "hook.called": { entityType: "hook", live: "updated", label: "Webhook called" },
  "retention.changed": { entityType: "organization", live: "updated", label: "Run retention changed" },
  "notificationRule.created": { entityType: "notificationRule", live: "created", label: "Notification rule created" },
  "notificationRule.updated": { entityType: "notificationRule", live: "updated", label: "Notification rule changed" },
  "notificationRule.deleted": { entityType: "notificationRule", live: "deleted", label: "Notification rule deleted" },
  "notificationRule.tested": { entityType: "notificationRule", live: null, label: "Notification test sent" },
  "notifications.muted": { entityType: "user", live: null, label: "Notifications muted or unmuted" },
  "auth.signed_in": { entityType: "user", live: null, label: "Signed in" },
  "auth.sign_in_failed": { entityType: "user", live: null, label: "Sign-in failed" },
  "auth.signed_out": { entityType: "user", live: null, label: "Signed out" },
  "auth.password_reset": { entityType: "user", live: null, label: "Password reset" },
  "auth.two_factor_enabled": { entityType: "user", live: null, label: "Two-factor sign-in turned on" },
  "auth.two_factor_disabled": { entityType: "user", live: null, label: "Two-factor sign-in turned off" },
} as const satisfies Record<string, AuditActionRule>;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];

/** Audit retention, in days (an owner's setting). */
export const AUDIT_RETENTION = { min: 7, max: 3650, default: 365 } as const;
