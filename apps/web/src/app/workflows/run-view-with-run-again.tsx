import { RunViewPage } from "@/features/runs/components/run-view-page.tsx";
import { RunAgainButton } from "@/features/workflows/components/run-again-button.tsx";
import { useCurrentOrganization } from "@/lib/session/use-current-organization.ts";

/** /workflows/runs/:runId: the runs feature's run view, with the workflows feature's Run again. */
export function RunViewWithRunAgainPage() {
  const { organization } = useCurrentOrganization();
  return (
    <RunViewPage
      renderRunAgain={(run) =>
        organization ? (
          <RunAgainButton
            orgId={organization.id}
            workflow={{ id: run.workflowId, name: run.workflowName }}
            values={run.parameters}
            disabled={run.status === "queued" || run.status === "running"}
          />
        ) : null
      }
    />
  );
}
