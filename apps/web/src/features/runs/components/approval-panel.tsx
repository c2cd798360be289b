import { ROLES, type Role } from "@flowdeck/shared";
import { APPROVAL_LIMITS, mayApprove, type ApprovalDecision, type RunApproval } from "@flowdeck/shared/runs/approvals";
import { APPROVAL_MESSAGES } from "@flowdeck/shared/runs/messages";
import type { RunDetail } from "@flowdeck/shared/runs/schemas";
import { TASK_PLATFORM_LABELS } from "@flowdeck/shared/tasks/constants";
import { Check, X } from "lucide-react";
import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { TextAreaField } from "@/components/ui/text-area-field.tsx";
import { formatDateTime } from "@/lib/format-date.ts";
import { useDecideRun } from "../api/decide-run.ts";

/** Who may approve, in words: "admins and owners", "the named members", or both. */
function approversText(approval: RunApproval) {
  const roles = approval.minRole ? ROLES.slice(ROLES.indexOf(approval.minRole)).map((role) => `${role}s`) : [];
  const parts = [roles.join(" and "), approval.memberIds.length > 0 ? "the members named on the workflow" : ""];
  return parts.filter(Boolean).join(", or ");
}

/**
 * A run's approval on its view (decision 067): who asked and their note, where it will run, who
 * may approve, each decision so far; and, for a person who may decide now, Approve and Reject with
 * a comment. The one who asked sees no buttons (the server refuses them too).
 */
export function ApprovalPanel({
  orgId,
  run,
  approval,
  person,
}: {
  orgId: string;
  run: RunDetail;
  approval: RunApproval;
  person: { userId: string; role: Role | null };
}) {
  const headingId = useId();
  const decide = useDecideRun(orgId);
  const [comment, setComment] = useState("");
  const waiting = run.status === "awaiting-approval";
  const allowed = mayApprove(person, { ...run, approval }).ok;
  const approved = approval.decisions.filter((decision) => decision.decision === "approved").length;
  const asker = approval.requestedByToken
    ? `${run.startedByName ?? "a former member"}'s API token "${approval.requestedByToken.name}"`
    : run.trigger === "schedule"
      ? "the scheduler"
      : (run.startedByName ?? "a former member");
  const target = run.platform
    ? `${TASK_PLATFORM_LABELS[run.platform]}${run.requiredLabels.length > 0 ? `, on a runner with the labels ${run.requiredLabels.join(", ")}` : ""}`
    : "A checklist: nothing is executed";
  const send = (decision: ApprovalDecision) => decide.mutate({ runId: run.id, decision, comment: comment.trim() });
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-lg border border-yellow-300 bg-yellow-50 p-4 dark:border-yellow-700 dark:bg-yellow-950/40"
    >
      <h2 id={headingId} className="font-semibold">
        Approval
      </h2>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-gray-600 dark:text-gray-400">Asked by</dt>
        <dd className="wrap-anywhere">
          {asker} on <time dateTime={run.startedAt}>{formatDateTime(run.startedAt)}</time>
        </dd>
        <dt className="text-gray-600 dark:text-gray-400">Runs on</dt>
        <dd className="wrap-anywhere">{target}</dd>
        <dt className="text-gray-600 dark:text-gray-400">Approvals</dt>
        <dd>
          {approved} of {approval.required} from {approversText(approval)}
          {waiting && (
            <>
              {" "}
              · expires <time dateTime={approval.expiresAt}>{formatDateTime(approval.expiresAt)}</time>
            </>
          )}
        </dd>
        {approval.note && (
          <>
            <dt className="text-gray-600 dark:text-gray-400">Note</dt>
            <dd className="wrap-anywhere whitespace-pre-line">{approval.note}</dd>
          </>
        )}
      </dl>
      {approval.decisions.length > 0 && (
        <ul aria-label="Decisions" className="space-y-1 text-sm">
          {approval.decisions.map((decision) => (
            <li key={`${decision.userId ?? ""}${decision.at}`} className="wrap-anywhere">
              <span className="font-medium">{decision.name}</span>{" "}
              {decision.decision === "approved" ? "approved" : "rejected"} on{" "}
              <time dateTime={decision.at}>{formatDateTime(decision.at)}</time>
              {decision.comment && <>: “{decision.comment}”</>}
            </li>
          ))}
        </ul>
      )}
      {waiting && run.startedBy === person.userId && (
        <p className="text-sm text-gray-700 dark:text-gray-300">{APPROVAL_MESSAGES.ownRequest}.</p>
      )}
      {waiting && allowed && (
        <div className="space-y-2">
          <TextAreaField
            label="Comment"
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            limit={APPROVAL_LIMITS.comment}
            rows={2}
          />
          <div className="flex flex-wrap gap-2">
            <Button
              busy={decide.isPending && decide.variables?.decision === "approved"}
              onClick={() => send("approved")}
            >
              <Check aria-hidden className="size-4" />
              Approve
            </Button>
            <Button
              variant="danger"
              busy={decide.isPending && decide.variables?.decision === "rejected"}
              onClick={() => send("rejected")}
            >
              <X aria-hidden className="size-4" />
              Reject
            </Button>
          </div>
          {decide.isError && <Alert tone="error">{decide.error.message}</Alert>}
        </div>
      )}
    </section>
  );
}
