import { MESSAGES } from "@flowdeck/shared";
import { TASK_PLATFORM_LABELS } from "@flowdeck/shared/tasks/constants";
import type { Runner } from "@flowdeck/shared/runners/schemas";
import { Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { ConfirmDialog } from "@/components/ui/confirm-dialog.tsx";
import { SkeletonText } from "@/components/ui/skeleton.tsx";
import { useCurrentOrganization } from "@/lib/session/use-current-organization.ts";
import { formatDateTime } from "@/lib/format-date.ts";
import { useRevokeRunner } from "../api/change-runner.ts";
import { useRunners } from "../api/get-runners.ts";
import { EditRunnerDialog } from "./edit-runner-dialog.tsx";
import { RegisterRunnerButton } from "./register-runner-dialog.tsx";

/** /admin/runners: the machines that execute this organization's workflows. */
export function RunnersPage() {
  const { organization } = useCurrentOrganization();
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">Runners</h1>
          <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
            Machines of your own — Linux, macOS or Windows — that execute workflows and send their output back.
          </p>
        </div>
        {organization && <RegisterRunnerButton orgId={organization.id} />}
      </header>
      {organization ? (
        <RunnerTable key={organization.id} orgId={organization.id} />
      ) : (
        <Alert tone="info">{MESSAGES.noOrganizationSelected}</Alert>
      )}
    </div>
  );
}

function RunnerTable({ orgId }: { orgId: string }) {
  const runners = useRunners(orgId);
  const revoke = useRevokeRunner(orgId);
  const [editing, setEditing] = useState<Runner | null>(null);
  const [revoking, setRevoking] = useState<Runner | null>(null);

  if (!runners.data) {
    return runners.isError ? (
      <Alert tone="error">The runners could not be loaded.</Alert>
    ) : (
      <div aria-busy="true" aria-label="Loading runners">
        <SkeletonText lines={3} />
      </div>
    );
  }
  if (runners.data.items.length === 0) {
    return (
      <p className="text-sm text-gray-600 dark:text-gray-400">
        No runner yet. Register one, then Run now executes workflows on it.
      </p>
    );
  }
  return (
    <>
      {revoke.isError && <Alert tone="error">{revoke.error.message}</Alert>}
      {/* Relative, so the screen-reader-only texts of the action buttons (absolutely placed) scroll
          with the table instead of widening the page on a phone. */}
      <div className="relative overflow-x-auto rounded-lg border border-gray-200 dark:border-gray-800">
        <table className="min-w-full divide-y divide-gray-200 text-sm dark:divide-gray-800">
          <caption className="sr-only">Runners</caption>
          <thead className="bg-gray-50 text-left text-xs font-medium tracking-wide text-gray-500 uppercase dark:bg-gray-900 dark:text-gray-400">
            <tr>
              <th scope="col" className="px-4 py-2">
                Name
              </th>
              <th scope="col" className="px-4 py-2">
                Status
              </th>
              <th scope="col" className="px-4 py-2">
                Platform
              </th>
              <th scope="col" className="px-4 py-2">
                Labels
              </th>
              <th scope="col" className="px-4 py-2">
                Version
              </th>
              <th scope="col" className="px-4 py-2">
                Last seen
              </th>
              <th scope="col" className="px-4 py-2">
                Executing
              </th>
              <th scope="col" className="px-4 py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
            {runners.data.items.map((runner) => (
              <tr key={runner.id}>
                <td className="px-4 py-2 font-medium">{runner.name}</td>
                <td className="px-4 py-2">
                  {runner.revokedAt ? (
                    <Badge color="red">Revoked</Badge>
                  ) : runner.online ? (
                    <Badge color="green">Online</Badge>
                  ) : (
                    <Badge color="gray">Offline</Badge>
                  )}
                </td>
                <td className="px-4 py-2">
                  {TASK_PLATFORM_LABELS[runner.os]} · {runner.arch}
                </td>
                <td className="px-4 py-2">{runner.labels.join(", ") || "—"}</td>
                <td className="px-4 py-2">{runner.version}</td>
                <td className="px-4 py-2">
                  <time dateTime={runner.lastSeenAt}>{formatDateTime(runner.lastSeenAt)}</time>
                </td>
                <td className="px-4 py-2">
                  {runner.currentRun ? (
                    <Link
                      className="text-indigo-600 hover:underline dark:text-indigo-400"
                      to={`/workflows/runs/${runner.currentRun.id}`}
                    >
                      {runner.currentRun.workflowName}
                    </Link>
                  ) : (
                    "—"
                  )}
                </td>
                <td className="px-4 py-2 text-right whitespace-nowrap">
                  {!runner.revokedAt && (
                    <>
                      <Button
                        variant="ghost"
                        className="px-2.5 py-1.5"
                        title={`Edit ${runner.name}`}
                        onClick={() => setEditing(runner)}
                      >
                        <Pencil aria-hidden="true" className="size-4" />
                        <span className="sr-only">Edit {runner.name}</span>
                      </Button>
                      <Button
                        variant="ghost"
                        className="px-2.5 py-1.5 text-red-600 dark:text-red-400"
                        title={`Revoke ${runner.name}`}
                        onClick={() => setRevoking(runner)}
                      >
                        <Trash2 aria-hidden="true" className="size-4" />
                        <span className="sr-only">Revoke {runner.name}</span>
                      </Button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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
