import { ROLES, hasRole } from "@flowdeck/shared";
import type { ApprovalPolicy } from "@flowdeck/shared/runs/approvals";
import type { RunTrigger } from "@flowdeck/shared/runs/constants";
import type { Executor } from "../../db/database.ts";
import { mailPeople, notify, type NotificationEventData } from "./notify.ts";
import { findUnmutedMembers } from "./outbox-repository.ts";

/**
 * A run awaits approval (decision 067): the rules that ask for "approval.requested" are told (their
 * webhooks and mail), and each member who may approve it — of the policy's role or above, or
 * named — is mailed, unless they muted the organization, were already mailed by a rule, or asked
 * for the run themselves. In the transaction that creates the run, so a rolled-back request tells
 * nobody.
 */
export async function notifyApprovalRequested(
  tx: Executor,
  options: {
    run: { id: string; organizationId: string; trigger: RunTrigger; startedAt: Date; startedBy: string | null };
    workflow: { id: string; name: string };
    policy: ApprovalPolicy;
  },
) {
  const { run, workflow, policy } = options;
  const event: NotificationEventData = {
    type: "approval.requested",
    organizationId: run.organizationId,
    at: run.startedAt,
    workflow,
    run: { id: run.id, status: "awaiting-approval", trigger: run.trigger, startedAt: run.startedAt, finishedAt: null },
  };
  await notify(tx, event);
  const minRole = policy.minRole;
  const roles = minRole ? ROLES.filter((role) => hasRole(role, minRole)) : [];
  const approvers = await findUnmutedMembers(tx, run.organizationId, {
    roles,
    userIds: policy.memberIds,
    notMailedAbout: { type: "approval.requested", runId: run.id },
  });
  await mailPeople(
    tx,
    event,
    approvers.filter((userId) => userId !== run.startedBy),
  );
}
