import type { ParameterValue } from "@flowdeck/shared/workflows/parameters";
import { RotateCcw } from "lucide-react";
import { Button } from "@/components/ui/button.tsx";
import { NoticeAlert, useNotice } from "@/components/ui/notice.tsx";
import { useRunNow } from "./use-run-now.tsx";

/** Run again, on a run's view: the Run now form of its workflow, filled with that run's values. */
export function RunAgainButton({
  orgId,
  workflow,
  values,
  disabled,
}: {
  orgId: string;
  workflow: { id: string; name: string };
  values: Record<string, ParameterValue | null>;
  /** While this run is under way: its workflow runs one run at a time. */
  disabled: boolean;
}) {
  const [notice, setNotice] = useNotice({ fade: true });
  const runNow = useRunNow({ orgId, workflow, onNotice: setNotice });
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="secondary"
        busy={runNow.busy}
        disabled={disabled}
        title={disabled ? "This run is under way: let it finish or cancel it first" : undefined}
        onClick={() => void runNow.open(values)}
      >
        <RotateCcw aria-hidden="true" className="size-4" />
        Run again
      </Button>
      {runNow.dialog}
      <NoticeAlert notice={notice} onDismiss={() => setNotice(null)} />
    </div>
  );
}
