import type { RunDetail, RunStep } from "@flowdeck/shared/runs/schemas";
import { describeRunIf } from "@flowdeck/shared/workflows/run-if-text";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { formatBytes } from "@/lib/format-bytes.ts";
import { StepStatusBadge } from "@/components/ui/run-status-badge.tsx";
import { duration } from "../lib/duration.ts";
import type { EarlierOutput, LogLine } from "../lib/use-run-stream.ts";
import { RunLogView } from "./run-log-view.tsx";

/** A run's outputs and one section per step with its output as it arrives (a run, or one target of a fan-out). */
export function RunSteps({
  run,
  lines,
  earlier = null,
}: {
  run: RunDetail;
  lines: ReadonlyMap<number, readonly LogLine[]>;
  /** The output not loaded yet, before the tail the stream started with (decision 081). */
  earlier?: EarlierOutput | null;
}) {
  return (
    <>
      <RunOutputs outputs={run.outputs} truncated={run.outputsTruncated} />
      <ol className="space-y-4">
        {run.steps.map((step) => (
          <StepSection
            key={step.id}
            step={step}
            lines={lines.get(step.position) ?? []}
            earlier={earlier}
            executed={run.kind === "executed"}
          />
        ))}
      </ol>
    </>
  );
}

function StepSection({
  step,
  lines,
  earlier,
  executed,
}: {
  step: RunStep;
  lines: readonly LogLine[];
  earlier: EarlierOutput | null;
  executed: boolean;
}) {
  const headingId = `step-${step.id}`;
  const leftOut = earlier?.steps.find((left) => left.position === step.position)?.bytes ?? 0;
  return (
    <li aria-labelledby={headingId} className="rounded-lg border border-gray-200 p-4 dark:border-gray-800">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 id={headingId} className="font-medium">
          {step.position + 1}. {step.name}
        </h2>
        <StepStatusBadge status={step.status} />
        {step.exitCode !== null && (
          <span className="text-sm text-gray-600 dark:text-gray-400">exit code {step.exitCode}</span>
        )}
        {step.signal && <span className="text-sm text-gray-600 dark:text-gray-400">signal {step.signal}</span>}
        {step.startedAt && step.finishedAt && (
          <span className="text-sm text-gray-600 dark:text-gray-400">{duration(step.startedAt, step.finishedAt)}</span>
        )}
        {step.continueOnError && <span className="text-xs text-gray-500">continues on error</span>}
        {step.runIf !== "success" && <span className="text-xs text-gray-500">runs {describeRunIf(step.runIf)}</span>}
      </div>
      {step.status === "skipped" && step.skipReason && (
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">Skipped: {step.skipReason}</p>
      )}
      {step.attempts.length > 1 && (
        <ol
          aria-label={`Attempts of ${step.name}`}
          className="mt-2 space-y-0.5 text-sm text-gray-600 dark:text-gray-400"
        >
          {step.attempts.map((attempt, index) => (
            <li key={attempt.startedAt}>
              Attempt {index + 1}: exit code {attempt.exitCode ?? "none"},{" "}
              {duration(attempt.startedAt, attempt.endedAt)}
            </li>
          ))}
        </ol>
      )}
      {executed && (
        <pre className="mt-2 overflow-x-auto text-xs text-gray-500 dark:text-gray-400">
          {step.command === null ? "No command for this platform: skipped." : `$ ${step.command}`}
        </pre>
      )}
      <div className="mt-2 space-y-2">
        {earlier && leftOut > 0 && <EarlierOutputButton earlier={earlier} bytes={leftOut} />}
        <RunLogView
          lines={lines}
          label={`Output of ${step.name}`}
          onScrolledToTop={earlier && leftOut > 0 ? earlier.load : undefined}
        />
      </div>
    </li>
  );
}

/** The earlier part of a long output, loaded on demand (scrolling to the log's top loads it too). */
function EarlierOutputButton({ earlier, bytes }: { earlier: EarlierOutput; bytes: number }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="secondary" busy={earlier.loading} onClick={earlier.load}>
        {earlier.loading ? "Loading earlier output…" : `Show earlier output (${formatBytes(bytes)})`}
      </Button>
      {earlier.error && <Alert tone="error">{earlier.error}</Alert>}
    </div>
  );
}

/** What the steps wrote to FLOWDECK_OUTPUT, by step key (decision 072). */
function RunOutputs({ outputs, truncated }: { outputs: Record<string, Record<string, string>>; truncated: boolean }) {
  const entries = Object.entries(outputs).flatMap(([step, values]) =>
    Object.entries(values).map(([key, value]) => ({ step, key, value })),
  );
  if (entries.length === 0 && !truncated) return null;
  return (
    <section aria-labelledby="run-outputs" className="rounded-lg border border-gray-200 p-4 dark:border-gray-800">
      <h2 id="run-outputs" className="font-medium">
        Step outputs
      </h2>
      <dl className="mt-2 space-y-1 text-sm">
        {entries.map(({ step, key, value }) => (
          <div key={`${step}.${key}`} className="flex flex-wrap gap-x-2">
            <dt className="font-mono text-gray-600 dark:text-gray-400">
              {step}.{key}
            </dt>
            <dd className="min-w-0 font-mono break-all whitespace-pre-wrap">{value}</dd>
          </div>
        ))}
      </dl>
      {truncated && (
        <p className="mt-2 text-sm text-amber-700 dark:text-amber-400">
          Step outputs reached the 64 KB limit of a run; some were left out.
        </p>
      )}
    </section>
  );
}
