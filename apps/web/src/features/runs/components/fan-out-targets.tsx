import type { RunDetail } from "@flowdeck/shared/runs/schemas";
import type { RunTarget } from "@flowdeck/shared/runs/targets";
import { TASK_PLATFORM_LABELS } from "@flowdeck/shared/tasks/constants";
import { useQuery } from "@tanstack/react-query";
import clsx from "clsx";
import { useState } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { DataTable, type DataTableColumn } from "@/components/ui/data-table.tsx";
import { RunStatusBadge } from "@/components/ui/run-status-badge.tsx";
import { SkeletonText } from "@/components/ui/skeleton.tsx";
import { TextLink } from "@/components/ui/text-link.tsx";
import { runQueryOptions } from "../api/get-run.ts";
import { duration } from "../lib/duration.ts";
import { defaultTarget, isUnderWay } from "../lib/fan-out.ts";
import { useRunStream } from "../lib/use-run-stream.ts";
import { RunSteps } from "./run-steps.tsx";

/**
 * A run on every matching runner (decision 080): a matrix of its targets, one row per runner, and
 * the output of one target at a time, live. The first target that failed is shown first; choosing
 * a runner's row shows its output instead.
 */
export function FanOutTargets({
  orgId,
  run,
  canManageRunners,
}: {
  orgId: string;
  run: RunDetail;
  canManageRunners: boolean;
}) {
  const [chosenId, setChosenId] = useState<string | null>(null);
  const selected = run.targets.find((target) => target.id === chosenId) ?? defaultTarget(run.targets);
  // The shown target's own stream keeps its run current; the fan-out hears of a target only when it ends.
  const selectedRun = useQuery({ ...runQueryOptions(orgId, selected?.id ?? ""), enabled: selected !== undefined });
  const shown = selectedRun.data?.id === selected?.id ? selectedRun.data : undefined;
  const live = (target: RunTarget) => (shown && target.id === shown.id ? { ...target, status: shown.status } : target);

  if (run.targets.length === 0) return <NoTargets run={run} canManageRunners={canManageRunners} />;

  const columns: DataTableColumn<RunTarget>[] = [
    {
      key: "runner",
      header: "Runner",
      cell: (target) => (
        <button
          type="button"
          aria-pressed={target.id === selected?.id}
          onClick={() => setChosenId(target.id)}
          className={clsx(
            "inline-block min-w-32 rounded px-1 text-left font-medium wrap-anywhere focus:ring-2 focus:ring-indigo-500 focus:outline-none",
            target.id === selected?.id
              ? "bg-indigo-100 text-indigo-900 dark:bg-indigo-900 dark:text-indigo-100"
              : "text-indigo-600 hover:underline dark:text-indigo-400",
          )}
        >
          {target.runnerName}
        </button>
      ),
    },
    { key: "os", header: "OS", cell: (target) => TASK_PLATFORM_LABELS[target.platform] },
    {
      key: "status",
      header: "Status",
      cell: (target) => (
        <>
          <RunStatusBadge status={target.status} />
          {target.skipReason && (
            <span className="mt-1 block max-w-xs text-xs text-gray-600 dark:text-gray-400">{target.skipReason}</span>
          )}
        </>
      ),
    },
    { key: "exit", header: "Exit code", cell: (target) => target.exitCode ?? "—" },
    {
      key: "duration",
      header: "Duration",
      cell: (target) =>
        target.startedAt && target.endedAt ? duration(target.startedAt, target.endedAt) : target.startedAt ? "…" : "—",
    },
  ];

  return (
    <div className="space-y-4">
      <DataTable
        caption={`Targets: choose a runner to see its output`}
        columns={columns}
        rows={run.targets.map(live)}
        rowKey={(target) => target.id}
      />
      {selected && (
        <section aria-labelledby="target-output" className="space-y-3">
          <h2 id="target-output" className="text-lg font-semibold wrap-anywhere">
            Output on {selected.runnerName}
          </h2>
          {selected.skipReason && <Alert tone="info">Not run: {selected.skipReason}</Alert>}
          {selectedRun.isError ? (
            <Alert tone="error">{selectedRun.error.message}</Alert>
          ) : shown ? (
            <TargetOutput key={shown.id} orgId={orgId} target={shown} />
          ) : (
            <div aria-busy="true" aria-label="Loading the target's output">
              <SkeletonText lines={3} />
            </div>
          )}
        </section>
      )}
    </div>
  );
}

/** One target's steps and output, from its own stream (a target is a run, with a run's stream). */
function TargetOutput({ orgId, target }: { orgId: string; target: RunDetail }) {
  const logs = useRunStream(orgId, target.id, { enabled: true });
  return <RunSteps run={target} lines={logs.lines} earlier={logs.earlier} />;
}

function NoTargets({ run, canManageRunners }: { run: RunDetail; canManageRunners: boolean }) {
  if (isUnderWay(run.status)) {
    return (
      <Alert tone="info">Its targets are made when it starts: one for each runner with the workflow's labels.</Alert>
    );
  }
  return (
    <Alert tone="info">
      No runner had the workflow's labels, so nothing ran.{" "}
      {canManageRunners ? (
        <TextLink to="/admin/runners">Register or label a runner</TextLink>
      ) : (
        "An admin can register one under Runners."
      )}
    </Alert>
  );
}
