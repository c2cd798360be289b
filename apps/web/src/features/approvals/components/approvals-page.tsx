import { MESSAGES } from "@flowdeck/shared";
import type { PendingApproval } from "@flowdeck/shared/runs/approvals";
import { ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert.tsx";
import { EmptyState } from "@/components/ui/empty-state.tsx";
import { SkeletonText } from "@/components/ui/skeleton.tsx";
import { formatDateTime } from "@/lib/format-date.ts";
import { useCurrentOrganization } from "@/lib/session/use-current-organization.ts";
import { usePendingApprovals } from "../api/get-approvals.ts";

/**
 * /approvals: the runs waiting for the caller's approval (decision 067) — the workflow, who asked,
 * when, the note and how many approvals it has — each linking to its run view, where the commands
 * are read and the run approved or rejected.
 */
export function ApprovalsPage() {
  const { organization } = useCurrentOrganization();
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold">Approvals</h1>
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
          Runs that wait for your approval. Open one to read what it will run, then approve or reject it.
        </p>
      </header>
      {organization ? (
        <PendingList key={organization.id} orgId={organization.id} />
      ) : (
        <Alert tone="info">{MESSAGES.noOrganizationSelected}</Alert>
      )}
    </div>
  );
}

function PendingList({ orgId }: { orgId: string }) {
  const pending = usePendingApprovals(orgId);
  if (pending.isError) return <Alert tone="error">{pending.error.message}</Alert>;
  if (!pending.data) {
    return (
      <div aria-busy="true" aria-label="Loading the approvals">
        <SkeletonText lines={3} />
      </div>
    );
  }
  if (pending.data.items.length === 0) {
    return (
      <EmptyState
        icon={<ShieldCheck aria-hidden className="size-10 text-gray-400" />}
        title="Nothing to approve"
        text="When someone asks to run a workflow that you may approve, it appears here."
      />
    );
  }
  return (
    <ul aria-label="Runs waiting for your approval" className="space-y-3">
      {pending.data.items.map((item) => (
        <PendingItem key={item.runId} item={item} />
      ))}
    </ul>
  );
}

function PendingItem({ item }: { item: PendingApproval }) {
  const who = item.requestedByName ?? "The scheduler";
  return (
    <li className="rounded-lg border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Link
          to={`/workflows/runs/${encodeURIComponent(item.runId)}`}
          className="min-w-0 font-medium wrap-anywhere text-indigo-700 underline dark:text-indigo-300"
        >
          {item.workflowName}
        </Link>
        <span className="text-sm text-gray-600 dark:text-gray-400">
          {item.approved} of {item.required} approval{item.required === 1 ? "" : "s"}
        </span>
      </div>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
        Asked by {who} on <time dateTime={item.requestedAt}>{formatDateTime(item.requestedAt)}</time> · expires{" "}
        <time dateTime={item.expiresAt}>{formatDateTime(item.expiresAt)}</time>
      </p>
      {item.note && <p className="mt-2 text-sm wrap-anywhere whitespace-pre-line">{item.note}</p>}
    </li>
  );
}
