import { can, MESSAGES, type Role } from "@flowdeck/shared";
import type { RunDetail, RunStep } from "@flowdeck/shared/runs/schemas";
import { Suspense, type ReactNode } from "react";
import { Download, XCircle } from "lucide-react";
import { Link, useParams } from "react-router";
import { Breadcrumbs } from "@/components/ui/breadcrumbs.tsx";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { SkeletonText } from "@/components/ui/skeleton.tsx";
import { useCurrentOrganization } from "@/lib/session/use-current-organization.ts";
import { useMe } from "@/lib/session/get-me.ts";
import { formatBytes } from "@/lib/format-bytes.ts";
import { lazyNamed } from "@/lib/lazy-named.ts";
import { formatDateTime } from "@/lib/format-date.ts";
import { useCancelRun } from "../api/cancel-run.ts";
import { usePinRun } from "../api/pin-run.ts";
import { useRun } from "../api/get-run.ts";
import { runPath } from "../api/run-keys.ts";
import { runKindText, runStepsText, waitingText } from "../lib/run-kind.ts";
import { useRunStream, type EarlierOutput, type LogLine } from "../lib/use-run-stream.ts";
import { RunLogView } from "./run-log-view.tsx";
import { RunParametersList } from "./run-parameters-list.tsx";
import { describeRunIf } from "@flowdeck/shared/workflows/run-if-text";
import { RunStatusBadge, StepStatusBadge } from "@/components/ui/run-status-badge.tsx";

// Only a run awaiting or past an approval shows it; its decision form (zod) loads then.
const ApprovalPanel = lazyNamed(() => import("./approval-panel.tsx"), "ApprovalPanel");

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
  const underWay = detail.status === "queued" || detail.status === "running" || detail.status === "awaiting-approval";
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <Breadcrumbs items={[{ label: "Workflows", to: "/workflows" }, { label: detail.workflowName }]} />
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 text-2xl font-semibold wrap-anywhere">{detail.workflowName}</h1>
          <RunStatusBadge status={detail.status} />
        </div>
        <p className="text-sm wrap-anywhere text-gray-600 dark:text-gray-400">
          {runKindText(detail)} · {runStepsText(detail)} · started{" "}
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
      <RunOutputs outputs={detail.outputs} truncated={detail.outputsTruncated} />
      <ol className="space-y-4">
        {detail.steps.map((step) => (
          <StepSection
            key={step.id}
            step={step}
            lines={logs.lines.get(step.position) ?? []}
            earlier={logs.earlier}
            executed={detail.kind === "executed"}
          />
        ))}
      </ol>
    </div>
  );
}

function StepSection({
  step,
  lines,
  earlier,
  executed,
}: {
  step: RunStep;
  lines: readonly LogLine[];
  /** The output the run view has not loaded yet, before the tail it started with. */
  earlier: EarlierOutput | null;
  executed: boolean;
}) {
  const headingId = `step-${step.id}`;
  const leftOut = earlier?.steps.find((left) => left.position === step.position)?.bytes ?? 0;
  return (
    <li aria-labelledby={headingId} className="rounded-lg border border-gray-200 p-4 dark:border-gray-800">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 id={headingId} className="font-medium">
          {step.position + 1}. {step.name}
        </h2>
        <StepStatusBadge status={step.status} />
        {step.exitCode !== null && (
          <span className="text-sm text-gray-600 dark:text-gray-400">exit code {step.exitCode}</span>
        )}
        {step.signal && <span className="text-sm text-gray-600 dark:text-gray-400">signal {step.signal}</span>}
        {step.startedAt && step.finishedAt && (
          <span className="text-sm text-gray-600 dark:text-gray-400">{duration(step.startedAt, step.finishedAt)}</span>
        )}
        {step.continueOnError && <span className="text-xs text-gray-500">continues on error</span>}
        {step.runIf !== "success" && <span className="text-xs text-gray-500">runs {describeRunIf(step.runIf)}</span>}
      </div>
      {step.status === "skipped" && step.skipReason && (
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">Skipped: {step.skipReason}</p>
      )}
      {step.attempts.length > 1 && (
        <ol
          aria-label={`Attempts of ${step.name}`}
          className="mt-2 space-y-0.5 text-sm text-gray-600 dark:text-gray-400"
        >
          {step.attempts.map((attempt, index) => (
            <li key={attempt.startedAt}>
              Attempt {index + 1}: exit code {attempt.exitCode ?? "none"},{" "}
              {duration(attempt.startedAt, attempt.endedAt)}
            </li>
          ))}
        </ol>
      )}
      {executed && (
        <pre className="mt-2 overflow-x-auto text-xs text-gray-500 dark:text-gray-400">
          {step.command === null ? "No command for this platform: skipped." : `$ ${step.command}`}
        </pre>
      )}
      <div className="mt-2 space-y-2">
        {earlier && leftOut > 0 && <EarlierOutputButton earlier={earlier} bytes={leftOut} />}
        <RunLogView
          lines={lines}
          label={`Output of ${step.name}`}
          onScrolledToTop={earlier && leftOut > 0 ? earlier.load : undefined}
        />
      </div>
    </li>
  );
}

/** The earlier part of a long output, loaded on demand (scrolling to the log's top loads it too). */
function EarlierOutputButton({ earlier, bytes }: { earlier: EarlierOutput; bytes: number }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="secondary" busy={earlier.loading} onClick={earlier.load}>
        {earlier.loading ? "Loading earlier output…" : `Show earlier output (${formatBytes(bytes)})`}
      </Button>
      {earlier.error && <Alert tone="error">{earlier.error}</Alert>}
    </div>
  );
}

function duration(from: string, to: string) {
  const seconds = Math.max(0, (new Date(to).getTime() - new Date(from).getTime()) / 1000);
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${Math.round(seconds % 60)} s`;
}

/** What the steps wrote to FLOWDECK_OUTPUT, by step key (decision 072). */
function RunOutputs({ outputs, truncated }: { outputs: Record<string, Record<string, string>>; truncated: boolean }) {
  const entries = Object.entries(outputs).flatMap(([step, values]) =>
    Object.entries(values).map(([key, value]) => ({ step, key, value })),
  );
  if (entries.length === 0 && !truncated) return null;
  return (
    <section aria-labelledby="run-outputs" className="rounded-lg border border-gray-200 p-4 dark:border-gray-800">
      <h2 id="run-outputs" className="font-medium">
        Step outputs
      </h2>
      <dl className="mt-2 space-y-1 text-sm">
        {entries.map(({ step, key, value }) => (
          <div key={`${step}.${key}`} className="flex flex-wrap gap-x-2">
            <dt className="font-mono text-gray-600 dark:text-gray-400">
              {step}.{key}
            </dt>
            <dd className="min-w-0 font-mono break-all whitespace-pre-wrap">{value}</dd>
          </div>
        ))}
      </dl>
      {truncated && (
        <p className="mt-2 text-sm text-amber-700 dark:text-amber-400">
          Step outputs reached the 64 KB limit of a run; some were left out.
        </p>
      )}
    </section>
  );
}
