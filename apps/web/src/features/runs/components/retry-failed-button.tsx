import { RotateCcw } from "lucide-react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button.tsx";
import { useIntent } from "@/lib/idempotency-key.ts";
import { useRetryFailedTargets } from "../api/retry-failed-targets.ts";

/** Starts the failed targets again as a new run and opens it; a refusal shows below the buttons. */
export function RetryFailedButton({ orgId, runId }: { orgId: string; runId: string }) {
  const retry = useRetryFailedTargets(orgId);
  const intent = useIntent();
  const navigate = useNavigate();
  const start = () => {
    const idempotencyKey = intent.begin({ runId });
    if (!idempotencyKey) return;
    retry.mutate(
      { runId, idempotencyKey },
      {
        onSuccess: (run) => void navigate(`/workflows/runs/${run.id}`),
        onSettled: (_run, error) => intent.end(!error),
      },
    );
  };
  return (
    <>
      <Button variant="secondary" busy={retry.isPending} onClick={start}>
        <RotateCcw aria-hidden="true" className="size-4" />
        Retry failed targets
      </Button>
      {retry.isError && (
        <p role="alert" className="basis-full text-sm text-red-600 dark:text-red-400">
          {retry.error.message}
        </p>
      )}
    </>
  );
}
