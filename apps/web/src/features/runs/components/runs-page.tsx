import { MESSAGES } from "@flowdeck/shared";
import { useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert.tsx";
import { SelectField } from "@/components/ui/select-field.tsx";
import { SkeletonText } from "@/components/ui/skeleton.tsx";
import { useCurrentOrganization } from "@/lib/session/use-current-organization.ts";
import { useOrgRuns, useWorkflowHealth, type OrgRunFilters } from "../api/get-run-history.ts";
import { RunFilters } from "./run-filters.tsx";
import { RunsTable } from "./runs-table.tsx";

const FILTER_KEYS = ["workflowId", "status", "trigger", "runnerId", "from", "to"] as const;

/**
 * /runs: every run of the organization newest first, filtered (decision 087). The filters live in
 * the address, so "the failed runs of last night" is a link to share.
 */
export function RunsPage() {
  const { organization } = useCurrentOrganization();
  const [searchParams, setSearchParams] = useSearchParams();
  if (!organization) return <Alert tone="info">{MESSAGES.noOrganizationSelected}</Alert>;
  const filters = Object.fromEntries(FILTER_KEYS.map((key) => [key, searchParams.get(key) ?? ""])) as OrgRunFilters;
  const change = (key: keyof OrgRunFilters, value: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">Runs</h1>
      <RunFilters
        orgId={organization.id}
        filters={filters}
        onChange={change}
        before={
          <WorkflowFilter
            orgId={organization.id}
            value={filters.workflowId}
            onChange={(v) => change("workflowId", v)}
          />
        }
      />
      <OrgRunsTable orgId={organization.id} filters={filters} />
    </div>
  );
}

/** The organization's workflows by name, from the dashboard's health list (one read, cached). */
function WorkflowFilter({
  orgId,
  value,
  onChange,
}: {
  orgId: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const workflows = useWorkflowHealth(orgId);
  return (
    <SelectField
      label="Workflow"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      hint={workflows.isError ? "The workflows could not be loaded." : undefined}
    >
      <option value="">Any workflow</option>
      {workflows.data?.items.map((workflow) => (
        <option key={workflow.workflowId} value={workflow.workflowId}>
          {workflow.name}
        </option>
      ))}
    </SelectField>
  );
}

function OrgRunsTable({ orgId, filters }: { orgId: string; filters: OrgRunFilters }) {
  const runs = useOrgRuns(orgId, filters);
  if (runs.isError) return <Alert tone="error">{runs.error.message}</Alert>;
  if (!runs.data) return <SkeletonText lines={4} />;
  const items = runs.data.pages.flatMap((page) => page.items);
  const anyFilter = FILTER_KEYS.some((key) => filters[key]);
  if (items.length === 0 && !anyFilter)
    return (
      <p className="rounded-lg border border-gray-200 bg-white p-6 text-center text-sm text-gray-600 dark:border-gray-800 dark:bg-gray-900 dark:text-gray-400">
        No runs yet. A workflow's Run now, its schedule, a webhook or the API starts one, and it shows here.
      </p>
    );
  return (
    <RunsTable
      caption="Runs"
      runs={items}
      showWorkflow
      hasMore={runs.hasNextPage}
      loadingMore={runs.isFetchingNextPage}
      onShowMore={() => void runs.fetchNextPage()}
    />
  );
}
