import { can, MESSAGES, type Role } from "@flowdeck/shared";
import type { RunDetail } from "@flowdeck/shared/runs/schemas";
import { Suspense, type ReactNode } from "react";
import { Download, XCircle } from "lucide-react";
import { Link, useParams } from "react-router";
import { Breadcrumbs } from "@/components/ui/breadcrumbs.tsx";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { SkeletonText } from "@/components/ui/skeleton.tsx";
import { useCurrentOrganization } from "@/lib/session/use-current-organization.ts";
import { useMe } from "@/lib/session/get-me.ts";
import { formatDateTime } from "@/lib/format-date.ts";
import { useCancelRun } from "../api/cancel-run.ts";
import { usePinRun } from "../api/pin-run.ts";
import { useRun } from "../api/get-run.ts";
import { runPath } from "../api/run-keys.ts";
import { canRetryFailed, isUnderWay, targetsText } from "../lib/fan-out.ts";
import { isFanOut, runKindText, runStepsText, waitingText } from "../lib/run-kind.ts";
import { useRunStream } from "../lib/use-run-stream.ts";
import { RetryFailedButton } from "./retry-failed-button.tsx";
import { RunParametersList } from "./run-parameters-list.tsx";
import { RunSteps } from "./run-steps.tsx";
import { RunStatusBadge } from "@/components/ui/run-status-badge.tsx";
import { lazyNamed } from "@/lib/lazy-named.ts";

// Only a run awaiting or past an approval shows it; its decision form (zod) loads then.
const ApprovalPanel = lazyNamed(() => import("./approval-panel.tsx"), "ApprovalPanel");
// Only a run on every matching runner shows the matrix of its targets (decision 080).
const FanOutTargets = lazyNamed(() => import("./fan-out-targets.tsx"), "FanOutTargets");

/** /workflows/runs/:runId: a run, one section per step with its output as it arrives. */
export function RunViewPage({ renderRunAgain }: { renderRunAgain?: (run: RunDetail) => ReactNode } = {}) {
  const { runId = "" } = useParams();
  const { organization, role } = useCurrentOrganization();
  const me = useMe();
  if (!organization) return <Alert tone="info">{MESSAGES.noOrganizationSelected}</Alert>;
  return (
    <RunView
      key={`${organization.id}/${runId}`}
      orgId={organization.id}
      runId={runId}
      person={{ userId: me.data?.user.id ?? "", role }}
      canCancel={can(role, "runs.cancel")}
      canRetry={can(role, "workflows.run")}
      canPin={can(role, "runs.pin")}
      canManageRunners={can(role, "runners.manage")}
      runAgain={can(role, "workflows.run") ? renderRunAgain : undefined}
    />
  );
}

function RunView({
  orgId,
  runId,
  canCancel,
  canRetry,
  canPin,
  canManageRunners,
  runAgain,
  person,
}: {
  orgId: string;
  runId: string;
  /** Who is looking: the approval panel offers Approve and Reject to those who may. */
  person: { userId: string; role: Role | null };
  canCancel: boolean;
  /** Retry failed targets of a fan-out: those who may run the workflow (editors and above). */
  canRetry: boolean;
  canPin: boolean;
  canManageRunners: boolean;
  /** Run again (the workflows feature's, given by the app): shown to those who may run. */
  runAgain: ((run: RunDetail) => ReactNode) | undefined;
}) {
  const pin = usePinRun(orgId);
  // The first read (and its error, such as another organization's run); the stream keeps it current.
  const run = useRun(orgId, runId);
  // Opened once the run is shown: the header paints from GET …/runs/:runId, not after the output.
  const logs = useRunStream(orgId, runId, { enabled: run.data !== undefined });
  const cancel = useCancelRun(orgId);

  if (!run.data) {
    return run.isError ? (
      <Alert tone="error">{run.error.message}</Alert>
    ) : (
      <div aria-busy="true" aria-label="Loading the run">
        <SkeletonText lines={4} />
      </div>
    );
  }
  const detail = run.data;
  const waiting = waitingText(detail);
  const underWay = isUnderWay(detail.status);
  const fanOut = isFanOut(detail);
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <Breadcrumbs items={[{ label: "Workflows", to: "/workflows" }, { label: detail.workflowName }]} />
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 text-2xl font-semibold wrap-anywhere">{detail.workflowName}</h1>
          <RunStatusBadge status={detail.status} />
        </div>
        <p className="text-sm wrap-anywhere text-gray-600 dark:text-gray-400">
          {runKindText(detail)} · {fanOut ? targetsText(detail) : runStepsText(detail)} · started{" "}
          <time dateTime={detail.startedAt}>{formatDateTime(detail.startedAt)}</time>
          {detail.trigger === "schedule"
            ? " by the scheduler"
            : detail.trigger === "webhook"
              ? " by a webhook"
              : detail.startedByName
                ? ` by ${detail.startedByName}`
                : ""}
          {detail.trigger === "run-after" && detail.triggeredByRunId && (
            <>
              {" "}
              ·{" "}
              <Link
                to={`/workflows/runs/${detail.triggeredByRunId}`}
                className="text-indigo-600 hover:underline dark:text-indigo-400"
              >
                Started after {detail.triggeredByWorkflowName ?? "another workflow's"} run
              </Link>
            </>
          )}
          {detail.finishedAt && (
            <>
              {" "}
              · ended <time dateTime={detail.finishedAt}>{formatDateTime(detail.finishedAt)}</time>
            </>
          )}
        </p>
        <div className="flex flex-wrap gap-2">
          {canCancel && underWay && (
            <Button
              variant="danger"
              busy={cancel.isPending}
              disabled={detail.cancelRequested}
              onClick={() => cancel.mutate(detail.id)}
            >
              <XCircle aria-hidden="true" className="size-4" />
              {detail.cancelRequested ? "Cancelling…" : "Cancel run"}
            </Button>
          )}
          {canPin && (
            <Button
              variant="secondary"
              busy={pin.isPending}
              aria-pressed={detail.pinned}
              onClick={() => pin.mutate({ runId: detail.id, pinned: !detail.pinned })}
            >
              {detail.pinned ? "Unpin run" : "Pin run"}
            </Button>
          )}
          {canRetry && fanOut && canRetryFailed(detail) && <RetryFailedButton orgId={orgId} runId={detail.id} />}
          {!canPin && detail.pinned && <span className="self-center text-sm text-gray-500">Pinned</span>}
          {runAgain?.(detail)}
          {detail.kind === "executed" && (
            <a
              href={runPath(orgId, runId, "/log.txt")}
              download
              className="inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800"
            >
              <Download aria-hidden="true" className="size-4" />
              Download log
            </a>
          )}
        </div>
        {detail.parentRunId && (
          <Alert tone="info">
            This is one runner's target of a run on every matching runner.{" "}
            <Link to={`/workflows/runs/${detail.parentRunId}`} className="font-medium underline">
              Open the whole run
            </Link>
          </Alert>
        )}
        {cancel.isError && <Alert tone="error">{cancel.error.message}</Alert>}
        {pin.isError && <Alert tone="error">{pin.error.message}</Alert>}
        {detail.logTruncated && <Alert tone="info">The output reached its size limit and was cut.</Alert>}
        {detail.skipReason && (
          <Alert tone="info">Not run: skipped ({detail.skipReason}). Nothing was executed or charged.</Alert>
        )}
        {detail.freezeOverride && (
          <Alert tone="info">Started during a freeze window, overridden: “{detail.freezeOverride}”</Alert>
        )}
        {detail.approval && (
          <Suspense fallback={null}>
            <ApprovalPanel orgId={orgId} run={detail} approval={detail.approval} person={person} />
          </Suspense>
        )}
        <RunParametersList run={detail} />
        {waiting && (
          <Alert tone="info">
            {waiting}{" "}
            {canManageRunners ? (
              <Link to="/admin/runners" className="font-medium underline">
                Register a runner
              </Link>
            ) : (
              "An admin can register one under Runners."
            )}
          </Alert>
        )}
      </header>
      {fanOut ? (
        <Suspense fallback={<SkeletonText lines={3} />}>
          <FanOutTargets orgId={orgId} run={detail} canManageRunners={canManageRunners} />
        </Suspense>
      ) : (
        <RunSteps run={detail} lines={logs.lines} earlier={logs.earlier} />
      )}
    </div>
  );
}
