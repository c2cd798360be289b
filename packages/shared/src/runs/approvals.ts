import { z } from "zod";
import { hasRole, ROLES, type Role } from "../permissions/roles.ts";
import { APPROVAL_MESSAGES } from "./messages.ts";

/** The bounds of a workflow's approval requirement (decision 067). */
export const APPROVAL_LIMITS = {
  approvals: { min: 1, max: 3 },
  /** One minute to seven days; 24 hours by default. */
  expiresAfterMinutes: { min: 1, max: 10_080, default: 1440 },
  memberIds: 50,
  comment: 1000,
  note: 1000,
} as const;

/** Only admins and owners set or change a workflow's approval and "Respect freeze windows". */
export const GUARDRAIL_SETTER_ROLE: Role = "admin";

export function maySetGuardrails(role: Role | null | undefined): boolean {
  return hasRole(role, GUARDRAIL_SETTER_ROLE);
}

/**
 * A workflow's "Requires approval" (the API's `approval`): who may approve — members of at least
 * `minRole` and/or the members named in `memberIds` —, how many approvals, and how long a request
 * waits before it expires.
 */
export const ApprovalPolicySchema = z
  .object({
    minRole: z
      .enum(ROLES, { error: "Minimum role must be viewer, editor, admin or owner" })
      .nullable()
      .default("admin"),
    memberIds: z
      .array(z.string().trim().min(1).max(100))
      .max(APPROVAL_LIMITS.memberIds)
      .refine((ids) => new Set(ids).size === ids.length, APPROVAL_MESSAGES.memberIdsUnique)
      .default([]),
    approvals: z
      .number({ error: APPROVAL_MESSAGES.approvalsRange })
      .int(APPROVAL_MESSAGES.approvalsRange)
      .min(APPROVAL_LIMITS.approvals.min, APPROVAL_MESSAGES.approvalsRange)
      .max(APPROVAL_LIMITS.approvals.max, APPROVAL_MESSAGES.approvalsRange)
      .default(1),
    expiresAfterMinutes: z
      .number({ error: APPROVAL_MESSAGES.expiryRange })
      .int(APPROVAL_MESSAGES.expiryRange)
      .min(APPROVAL_LIMITS.expiresAfterMinutes.min, APPROVAL_MESSAGES.expiryRange)
      .max(APPROVAL_LIMITS.expiresAfterMinutes.max, APPROVAL_MESSAGES.expiryRange)
      .default(APPROVAL_LIMITS.expiresAfterMinutes.default),
  })
  .refine((policy) => policy.minRole !== null || policy.memberIds.length > 0, {
    message: APPROVAL_MESSAGES.approverRequired,
    path: ["minRole"],
  })
  .meta({ example: { minRole: "admin", memberIds: [], approvals: 1, expiresAfterMinutes: 1440 } });
export type ApprovalPolicyInput = z.input<typeof ApprovalPolicySchema>;
export type ApprovalPolicy = z.output<typeof ApprovalPolicySchema>;

/** A stored policy, as answers carry it. */
export const StoredApprovalPolicySchema = z.object({
  minRole: z.enum(ROLES).nullable(),
  memberIds: z.array(z.string()),
  approvals: z.number().int(),
  expiresAfterMinutes: z.number().int(),
});

/** Whether two policies ask for the same thing (an editor's update that leaves it alone is allowed). */
export function samePolicy(a: ApprovalPolicy | null, b: ApprovalPolicy | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.minRole === b.minRole &&
    a.approvals === b.approvals &&
    a.expiresAfterMinutes === b.expiresAfterMinutes &&
    [...a.memberIds].sort().join("\n") === [...b.memberIds].sort().join("\n")
  );
}

/** POST …/runs/:runId/approve and …/reject. A rejection says why. */
export const ApprovalDecisionBodySchema = z
  .object({
    comment: z.string().trim().max(APPROVAL_LIMITS.comment, APPROVAL_MESSAGES.commentTooLong).default(""),
  })
  .nullish()
  .transform((body) => body ?? { comment: "" });

export const APPROVAL_DECISIONS = ["approved", "rejected"] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];

/** A run's approval as the run view shows it: what it needs, who asked, and each decision so far. */
export const RunApprovalSchema = z.object({
  minRole: z.enum(ROLES).nullable(),
  memberIds: z.array(z.string()),
  required: z.number().int(),
  expiresAt: z.string(),
  /** The requester's note, shown to approvers. */
  note: z.string(),
  /** The API token that asked for it (the run is attributed to its creator), if a token did. */
  requestedByToken: z.object({ id: z.string(), name: z.string() }).nullable(),
  decisions: z.array(
    z.object({
      userId: z.string().nullable(),
      name: z.string(),
      decision: z.enum(APPROVAL_DECISIONS),
      comment: z.string(),
      at: z.string(),
    }),
  ),
});
export type RunApproval = z.infer<typeof RunApprovalSchema>;

/**
 * Whether a person may approve or reject a run now (decision 067): the run waits; they did not ask
 * for it (a token's run is asked for by its creator); they have not decided on it already; and
 * their role is at least the minimum, or they are named. The server decides with this, and the web
 * app shows Approve and Reject with it.
 */
export function mayApprove(
  person: { userId: string; role: Role | null | undefined },
  run: {
    status: string;
    startedBy: string | null;
    approval: {
      minRole: Role | null;
      memberIds: readonly string[];
      decisions: readonly { userId: string | null }[];
    } | null;
  },
): { ok: true } | { ok: false; reason: string } {
  const { approval } = run;
  if (run.status !== "awaiting-approval" || !approval) return { ok: false, reason: APPROVAL_MESSAGES.notAwaiting };
  if (run.startedBy === person.userId) return { ok: false, reason: APPROVAL_MESSAGES.ownRequest };
  if (approval.decisions.some((decision) => decision.userId === person.userId)) {
    return { ok: false, reason: APPROVAL_MESSAGES.alreadyDecided };
  }
  const byRole = approval.minRole !== null && hasRole(person.role, approval.minRole);
  if (!byRole && !approval.memberIds.includes(person.userId))
    return { ok: false, reason: APPROVAL_MESSAGES.notAnApprover };
  return { ok: true };
}

/** GET /api/orgs/:orgId/approvals: the runs waiting for the caller's approval, oldest first. */
export const PendingApprovalSchema = z.object({
  runId: z.string(),
  workflowId: z.string(),
  workflowName: z.string(),
  /** Who asked (a token's creator for a token's run); null for the scheduler. */
  requestedBy: z.string().nullable(),
  requestedByName: z.string().nullable(),
  requestedAt: z.string(),
  expiresAt: z.string(),
  note: z.string(),
  required: z.number().int(),
  approved: z.number().int(),
});
export type PendingApproval = z.infer<typeof PendingApprovalSchema>;
export const PendingApprovalListSchema = z.object({ items: z.array(PendingApprovalSchema) });
export type PendingApprovalList = z.infer<typeof PendingApprovalListSchema>;
