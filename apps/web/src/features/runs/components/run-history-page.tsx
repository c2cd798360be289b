import { MESSAGES } from "@flowdeck/shared";
import { RUN_STATUSES, RUN_STATUS_LABELS, RUN_TRIGGER_LABELS, RUN_TRIGGERS } from "@flowdeck/shared/runs/constants";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { Breadcrumbs } from "@/components/ui/breadcrumbs.tsx";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { SelectField } from "@/components/ui/select-field.tsx";
import { SkeletonText } from "@/components/ui/skeleton.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { useCurrentOrganization } from "@/lib/session/use-current-organization.ts";
import { formatDateTime } from "@/lib/format-date.ts";
import { useHistoryRunners } from "../api/get-history-runners.ts";
import { useRunHistory, type HistoryFilters } from "../api/get-run-history.ts";
import { parametersLine } from "../lib/parameter-text.ts";
import { runKindText } from "../lib/run-kind.ts";
import { RunStatusBadge } from "@/components/ui/run-status-badge.tsx";

const NO_FILTERS: HistoryFilters = { status: "", trigger: "", runnerId: "", from: "", to: "" };

/** /workflows/:workflowId/history: every run of a workflow, filtered, newest first (decision 030). */
export function RunHistoryPage() {
  const { workflowId = "" } = useParams();
  const { organization } = useCurrentOrganization();
  const [filters, setFilters] = useState<HistoryFilters>(NO_FILTERS);
  if (!organization) return <Alert tone="info">{MESSAGES.noOrganizationSelected}</Alert>;
  const set = (key: keyof HistoryFilters) => (event: { target: { value: string } }) =>
    setFilters((current) => ({ ...current, [key]: event.target.value }));
  return (
    <div className="space-y-4">
      <Breadcrumbs items={[{ label: "Workflows", to: "/workflows" }, { label: "Run history" }]} />
      <h1 className="text-xl font-semibold">Run history</h1>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <SelectField label="Status" value={filters.status} onChange={set("status")}>
          <option value="">Any status</option>
          {RUN_STATUSES.map((status) => (
            <option key={status} value={status}>
              {RUN_STATUS_LABELS[status]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Trigger" value={filters.trigger} onChange={set("trigger")}>
          <option value="">Any trigger</option>
          {RUN_TRIGGERS.map((trigger) => (
            <option key={trigger} value={trigger}>
              {RUN_TRIGGER_LABELS[trigger]}
            </option>
          ))}
        </SelectField>
        <RunnerFilter orgId={organization.id} value={filters.runnerId} onChange={set("runnerId")} />
        <TextField label="From" type="date" value={filters.from} onChange={set("from")} />
        <TextField label="To" type="date" value={filters.to} onChange={set("to")} />
      </div>
      <HistoryTable orgId={organization.id} workflowId={workflowId} filters={filters} />
    </div>
  );
}

/** The organization's runners, revoked ones too (their runs stay in the history). */
function RunnerFilter({
  orgId,
  value,
  onChange,
}: {
  orgId: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
}) {
  const runners = useHistoryRunners(orgId);
  return (
    <SelectField
      label="Runner"
      value={value}
      onChange={onChange}
      hint={runners.isError ? "The runners could not be loaded." : undefined}
    >
      <option value="">Any runner</option>
      {runners.data?.items.map((runner) => (
        <option key={runner.id} value={runner.id}>
          {runner.revoked ? `${runner.name} (revoked)` : runner.name}
        </option>
      ))}
    </SelectField>
  );
}

function HistoryTable({ orgId, workflowId, filters }: { orgId: string; workflowId: string; filters: HistoryFilters }) {
  const history = useRunHistory(orgId, workflowId, filters);
  if (history.isError) return <Alert tone="error">{history.error.message}</Alert>;
  if (!history.data) return <SkeletonText lines={4} />;
  const runs = history.data.pages.flatMap((page) => page.items);
  const withParameters = runs.some((run) => run.parameterLabels.length > 0);
  if (runs.length === 0)
    return <p className="text-sm text-gray-500 dark:text-gray-400">No runs match these filters.</p>;
  return (
    <div className="space-y-3">
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="text-gray-500 dark:text-gray-400">
            <th className="py-2">Started</th>
            <th>Status</th>
            <th>Trigger</th>
            <th>Where</th>
            {withParameters && <th>Parameters</th>}
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={run.id} className="border-t border-gray-200 dark:border-gray-800">
              <td className="py-2">
                <Link to={`/workflows/runs/${run.id}`} className="text-indigo-600 hover:underline dark:text-indigo-400">
                  {formatDateTime(run.startedAt)}
                </Link>
                {run.pinned && <span className="ml-2 text-xs text-gray-500">Pinned</span>}
              </td>
              <td>
                <RunStatusBadge status={run.status} />
              </td>
              <td>{RUN_TRIGGER_LABELS[run.trigger]}</td>
              <td>{runKindText(run)}</td>
              {withParameters && <td className="text-xs wrap-anywhere">{parametersLine(run)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      {history.hasNextPage && (
        <Button variant="secondary" onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage}>
          Show more
        </Button>
      )}
    </div>
  );
}
