import { can } from "@flowdeck/shared";
import type { RunOptions } from "@flowdeck/shared/runs/schemas";
import type { ParameterValue, ParameterValues } from "@flowdeck/shared/workflows/parameters";
import { useQueryClient } from "@tanstack/react-query";
import { Suspense, useState } from "react";
import type { Notice } from "@/components/ui/notice.tsx";
import { ApiError } from "@/lib/api-client.ts";
import { useIntent } from "@/lib/idempotency-key.ts";
import { useCurrentOrganization } from "@/lib/session/use-current-organization.ts";
import { useExecuteWorkflow } from "../api/execute-workflow.ts";
import { runOptionsQueryOptions } from "../api/get-run-options.ts";
import { lazyNamed } from "@/lib/lazy-named.ts";
import type { RunChoice, RunExtras } from "./run-now-dialog.tsx";

// The dialog and its form library load with the first Run now, beside the run's options.
const loadDialog = () => import("./run-now-dialog.tsx");
const RunNowDialog = lazyNamed(
  () => loadDialog().then((module) => ({ RunNowDialog: module.RunNowDialog })),
  "RunNowDialog",
);

/**
 * Run now and Run again: reads what the workflow offers afresh (runners come and go, parameters
 * change), asks in RunNowDialog, and starts the run once per click. A refusal about a parameter
 * is shown on its field; any other one as a notice.
 */
export function useRunNow({
  orgId,
  workflow,
  onNotice,
}: {
  orgId: string;
  workflow: { id: string; name: string };
  onNotice: (notice: Notice) => void;
}) {
  const execute = useExecuteWorkflow(orgId);
  const { role } = useCurrentOrganization();
  const runIntent = useIntent();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<{ options: RunOptions; values?: Record<string, ParameterValue | null> }>();
  const [checking, setChecking] = useState(false);
  const [refusal, setRefusal] = useState<ApiError>();

  const run = (choice: RunChoice, parameters: ParameterValues | undefined, extras: RunExtras) => {
    const idempotencyKey = runIntent.begin({ workflowId: workflow.id, choice, parameters, ...extras });
    if (!idempotencyKey) return;
    setRefusal(undefined);
    execute.mutate(
      { workflowId: workflow.id, idempotencyKey, choice, parameters, ...extras },
      {
        onSuccess: (started) => {
          setAsking(undefined);
          onNotice({
            tone: "success",
            text:
              started.status === "awaiting-approval"
                ? `${workflow.name} is waiting for approval.`
                : choice === "checklist"
                  ? `${workflow.name} is running as a checklist.`
                  : started.target?.mode === "all"
                    ? `${workflow.name} is queued on every matching runner.`
                    : `${workflow.name} is queued for a runner.`,
          });
        },
        onError: (error) => {
          if (error instanceof ApiError && Object.keys(error.fields).length > 0) setRefusal(error);
          else onNotice({ tone: "error", text: error.message });
        },
        onSettled: (_data, error) => runIntent.end(!error),
      },
    );
  };

  /** Opens the dialog; `values` fill the form (Run again), else each parameter's default. */
  const open = async (values?: Record<string, ParameterValue | null>) => {
    setChecking(true);
    try {
      setRefusal(undefined);
      const [options] = await Promise.all([
        queryClient.fetchQuery(runOptionsQueryOptions(orgId, workflow.id)),
        loadDialog(),
      ]);
      setAsking({ options, values });
    } catch (error) {
      onNotice({ tone: "error", text: (error as Error).message });
    } finally {
      setChecking(false);
    }
  };

  const dialog = asking && (
    <Suspense fallback={null}>
      <RunNowDialog
        workflowName={workflow.name}
        options={asking.options}
        initialValues={asking.values}
        busy={execute.isPending}
        error={refusal}
        onRun={run}
        onClose={() => setAsking(undefined)}
        canOverrideFreeze={can(role, "freezeWindows.manage")}
      />
    </Suspense>
  );
  return { open, busy: execute.isPending || checking, dialog };
}
