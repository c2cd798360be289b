import type { ApprovalPolicy } from "@flowdeck/shared/runs/approvals";
import type { CreateWorkflowData, Workflow } from "@flowdeck/shared/workflows/schemas";
import { byCodePoint, canonical } from "./key-order.ts";

/**
 * The file's form of a workflow's guardrails and "Run after" (decisions 067, 073): what refers to
 * members and workflows, which a file names by address and by name, never by id (decision 069).
 */

export type FileApproval = {
  minRole: string | null;
  /** Named approvers by address, sorted. */
  members: string[];
  approvals: number;
  expiresAfterMinutes: number;
};

export type FileRunAfter = {
  /** The name of the workflow whose end starts this one. */
  workflow: string;
  on: string;
  parameters: Record<string, string>;
};

export const APPROVAL_FIELDS = ["minRole", "members", "approvals", "expiresAfterMinutes"] as const;
export const RUN_AFTER_FIELDS = ["workflow", "on", "parameters"] as const;

/** The fields a file may leave out of a workflow to keep what the organization has (see import-document.ts). */
export const KEPT_WHEN_ABSENT = ["approval", "respectFreezeWindows", "confirmName", "runAfter", "target"] as const;

const sortedKeys = (value: Record<string, string>) => canonical(value) as Record<string, string>;

function approvalForm(policy: ApprovalPolicy | null, members: readonly string[]): FileApproval | null {
  if (!policy) return null;
  return {
    minRole: policy.minRole,
    members: [...members].sort(byCodePoint),
    approvals: policy.approvals,
    expiresAfterMinutes: policy.expiresAfterMinutes,
  };
}

/** A stored workflow's; approvers who have left the organization are left out, as a rule's recipients are. */
export function linksFromApi(workflow: Workflow, emails: ReadonlyMap<string, string>) {
  const members = (workflow.approval?.memberIds ?? []).flatMap((id) => (emails.has(id) ? [emails.get(id)!] : []));
  return {
    approval: approvalForm(workflow.approval, members),
    respectFreezeWindows: workflow.respectFreezeWindows,
    confirmName: workflow.confirmName,
    runAfter: workflow.runAfter.map((entry) => ({
      workflow: entry.workflowName,
      on: entry.on,
      parameters: sortedKeys(entry.parameters),
    })),
  };
}

/**
 * The file's, after CreateWorkflowSchema: `runAfter` still names workflows, and `approvers` are the
 * addresses the file gave (the data holds their ids). A field the file left out is the API's
 * default here; an import that updates keeps the organization's instead.
 */
export function linksFromData(data: CreateWorkflowData, approvers: readonly string[]) {
  const approval = data.approval ?? null;
  return {
    approval: approvalForm(approval, approvers),
    respectFreezeWindows: data.respectFreezeWindows ?? approval !== null,
    confirmName: data.confirmName ?? false,
    runAfter: (data.runAfter ?? []).map((entry) => ({
      workflow: entry.workflowId,
      on: entry.on,
      parameters: sortedKeys(entry.parameters),
    })),
  };
}
