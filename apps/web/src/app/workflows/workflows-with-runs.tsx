import { RecentRuns } from "@/features/runs/components/recent-runs.tsx";
import { WorkflowsPage } from "@/features/workflows/components/workflows-page.tsx";
import { useCurrentOrganization } from "@/lib/session/use-current-organization.ts";

/** /workflows: the workflows feature's page, each card showing the runs feature's run history. */
export function WorkflowsWithRunsPage() {
  const { organization } = useCurrentOrganization();
  return (
    <WorkflowsPage
      renderRuns={(workflowId) =>
        organization ? <RecentRuns orgId={organization.id} workflowId={workflowId} /> : null
      }
    />
  );
}
