import { TASK_PLATFORM_LABELS } from "@flowdeck/shared/tasks/constants";
import type { Runner } from "@flowdeck/shared/runners/schemas";
import { Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { ConfirmDialog } from "@/components/ui/confirm-dialog.tsx";
import type { DataTableColumn } from "@/components/ui/data-table.tsx";
import { TableOrCards } from "@/components/ui/table-or-cards.tsx";
import { formatDateTime } from "@/lib/format-date.ts";
import { useRevokeRunner } from "../api/change-runner.ts";
import { useRunners } from "../api/get-runners.ts";
import { filterRunners, isFiltering, NO_RUNNER_FILTER, type RunnerFilter } from "../lib/runner-filters.ts";
import { EditRunnerDialog } from "./edit-runner-dialog.tsx";
import { RunnerFilters } from "./runner-filters.tsx";
import { OutdatedRunnersNotice, RunnerVersion } from "./runner-version.tsx";

type Actions = { edit: (runner: Runner) => void; revoke: (runner: Runner) => void };

/** The organization's runners: a table from md up, a card each on a phone, with Edit and Revoke. */
export function RunnerList({ orgId }: { orgId: string }) {
  const runners = useRunners(orgId);
  const revoke = useRevokeRunner(orgId);
  const [editing, setEditing] = useState<Runner | null>(null);
  const [revoking, setRevoking] = useState<Runner | null>(null);
  const [filter, setFilter] = useState<RunnerFilter>(NO_RUNNER_FILTER);
  const actions: Actions = { edit: setEditing, revoke: setRevoking };

  if (runners.isError) return <Alert tone="error">The runners could not be loaded.</Alert>;
  const all = runners.data?.items ?? [];
  const shown = filterRunners(all, filter);
  return (
    <>
      {revoke.isError && <Alert tone="error">{revoke.error.message}</Alert>}
      <OutdatedRunnersNotice runners={all} />
      {all.length > 0 && <RunnerFilters runners={all} filter={filter} onChange={setFilter} />}
      <TableOrCards
        caption={runners.isPending ? "Runners" : runnerCount(shown.length, all.length)}
        columns={columns(actions)}
        rows={shown}
        rowKey={(runner) => runner.id}
        loading={runners.isPending}
        emptyMessage={
          isFiltering(filter)
            ? "No runner matches these filters."
            : "No runner yet. Register one, then Run now executes workflows on it."
        }
        card={(runner) => <RunnerCard runner={runner} actions={actions} />}
      />
      {editing && <EditRunnerDialog orgId={orgId} runner={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke runner"
        message={`Revoke ${revoking?.name ?? "this runner"}? It stops at its next call, and a run it is executing ends as lost. To use the machine again, register it anew.`}
        confirmLabel="Revoke"
        destructive
        busy={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate(revoking.id, { onSettled: () => setRevoking(null) })}
      />
    </>
  );
}

function runnerCount(shown: number, all: number): string {
  const runners = (count: number) => `${count} ${count === 1 ? "runner" : "runners"}`;
  return shown === all ? runners(all) : `${shown} of ${runners(all)}`;
}

/**
 * The labels an admin set, then those the runner declared, marked as such; `terse` in the table,
 * whose column already says what they are.
 */
function RunnerLabels({ runner, terse = false }: { runner: Runner; terse?: boolean }) {
  if (runner.labels.length === 0 && runner.declaredLabels.length === 0) return <>{terse ? "—" : "No labels"}</>;
  return (
    <>
      {runner.labels.length > 0 && (
        <span className="block">
          {terse ? "" : "Labels: "}
          {runner.labels.join(", ")}
        </span>
      )}
      {runner.declaredLabels.length > 0 && (
        <span className={terse ? "block text-xs text-gray-600 dark:text-gray-400" : "block"}>
          {terse ? "declared: " : "Declared by the runner: "}
          {runner.declaredLabels.join(", ")}
        </span>
      )}
    </>
  );
}

function columns(actions: Actions): DataTableColumn<Runner>[] {
  return [
    { key: "name", header: "Name", cell: (runner) => <span className="font-medium">{runner.name}</span> },
    { key: "status", header: "Status", cell: (runner) => <RunnerStatus runner={runner} /> },
    {
      key: "platform",
      header: "Platform",
      cell: (runner) => <span className="whitespace-nowrap">{platformOf(runner)}</span>,
    },
    { key: "labels", header: "Labels", cell: (runner) => <RunnerLabels runner={runner} terse /> },
    { key: "version", header: "Version", cell: (runner) => <RunnerVersion runner={runner} /> },
    { key: "seen", header: "Last seen", cell: (runner) => <LastSeen runner={runner} /> },
    { key: "executing", header: "Executing", cell: (runner) => <Executing runner={runner} /> },
    {
      key: "actions",
      header: <span className="sr-only">Actions</span>,
      className: "text-right whitespace-nowrap",
      cell: (runner) =>
        !runner.revokedAt && (
          <>
            <Button
              variant="ghost"
              className="px-2.5 py-1.5"
              title={`Edit ${runner.name}`}
              aria-label={`Edit ${runner.name}`}
              onClick={() => actions.edit(runner)}
            >
              <Pencil aria-hidden="true" className="size-4" />
            </Button>
            <Button
              variant="ghost"
              className="px-2.5 py-1.5 text-red-600 dark:text-red-400"
              title={`Revoke ${runner.name}`}
              aria-label={`Revoke ${runner.name}`}
              onClick={() => actions.revoke(runner)}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </>
        ),
    },
  ];
}

/** One runner on a phone: name and state, platform and version, labels, when last heard of, its run. */
function RunnerCard({ runner, actions }: { runner: Runner; actions: Actions }) {
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 font-medium wrap-anywhere text-gray-900 dark:text-gray-100">{runner.name}</p>
        <RunnerStatus runner={runner} />
      </div>
      <p className="text-gray-600 dark:text-gray-400">
        {platformOf(runner)} · version <RunnerVersion runner={runner} />
      </p>
      <p className="wrap-anywhere text-gray-600 dark:text-gray-400">
        <RunnerLabels runner={runner} />
      </p>
      <p className="text-xs text-gray-500 dark:text-gray-400">
        Last seen <LastSeen runner={runner} />
      </p>
      {runner.currentRun && (
        <p className="wrap-anywhere">
          Executing <Executing runner={runner} />
        </p>
      )}
      {!runner.revokedAt && (
        <div className="flex flex-wrap gap-2 pt-1">
          <Button variant="secondary" aria-label={`Edit ${runner.name}`} onClick={() => actions.edit(runner)}>
            <Pencil aria-hidden="true" className="size-4" />
            Edit
          </Button>
          <Button
            variant="secondary"
            className="text-red-600 dark:text-red-400"
            aria-label={`Revoke ${runner.name}`}
            onClick={() => actions.revoke(runner)}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Revoke
          </Button>
        </div>
      )}
    </>
  );
}

function RunnerStatus({ runner }: { runner: Runner }) {
  if (runner.revokedAt) return <Badge color="red">Revoked</Badge>;
  return runner.online ? <Badge color="green">Online</Badge> : <Badge color="gray">Offline</Badge>;
}

function platformOf(runner: Runner): string {
  return `${TASK_PLATFORM_LABELS[runner.os]} · ${runner.arch}`;
}

function LastSeen({ runner }: { runner: Runner }) {
  return (
    <time dateTime={runner.lastSeenAt} className="whitespace-nowrap">
      {formatDateTime(runner.lastSeenAt)}
    </time>
  );
}

function Executing({ runner }: { runner: Runner }) {
  if (!runner.currentRun) return <>—</>;
  return (
    <Link
      className="text-indigo-600 hover:underline dark:text-indigo-400"
      to={`/workflows/runs/${runner.currentRun.id}`}
    >
      {runner.currentRun.workflowName}
    </Link>
  );
}
