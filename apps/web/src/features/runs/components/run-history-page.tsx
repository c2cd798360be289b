import { MESSAGES } from "@flowdeck/shared";
import { useState } from "react";
import { useParams } from "react-router";
import { Breadcrumbs } from "@/components/ui/breadcrumbs.tsx";
import { Alert } from "@/components/ui/alert.tsx";
import { SkeletonText } from "@/components/ui/skeleton.tsx";
import { useCurrentOrganization } from "@/lib/session/use-current-organization.ts";
import { useRunHistory, type HistoryFilters } from "../api/get-run-history.ts";
import { NO_FILTERS, RunFilters } from "./run-filters.tsx";
import { RunsTable } from "./runs-table.tsx";

/** /workflows/:workflowId/history: every run of a workflow, filtered, newest first (decision 030). */
export function RunHistoryPage() {
  const { workflowId = "" } = useParams();
  const { organization } = useCurrentOrganization();
  const [filters, setFilters] = useState<HistoryFilters>(NO_FILTERS);
  if (!organization) return <Alert tone="info">{MESSAGES.noOrganizationSelected}</Alert>;
  return (
    <div className="space-y-4">
      <Breadcrumbs items={[{ label: "Workflows", to: "/workflows" }, { label: "Run history" }]} />
      <h1 className="text-xl font-semibold">Run history</h1>
      <RunFilters
        orgId={organization.id}
        filters={filters}
        onChange={(key, value) => setFilters((current) => ({ ...current, [key]: value }))}
      />
      <HistoryTable orgId={organization.id} workflowId={workflowId} filters={filters} />
    </div>
  );
}

function HistoryTable({ orgId, workflowId, filters }: { orgId: string; workflowId: string; filters: HistoryFilters }) {
  const history = useRunHistory(orgId, workflowId, filters);
  if (history.isError) return <Alert tone="error">{history.error.message}</Alert>;
  if (!history.data) return <SkeletonText lines={4} />;
  return (
    <RunsTable
      caption="Runs of this workflow"
      runs={history.data.pages.flatMap((page) => page.items)}
      hasMore={history.hasNextPage}
      loadingMore={history.isFetchingNextPage}
      onShowMore={() => void history.fetchNextPage()}
    />
  );
}
