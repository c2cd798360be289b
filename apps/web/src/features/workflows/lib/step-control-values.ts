import type { Workflow } from "@flowdeck/shared/workflows/schemas";
import type { RetryBackoff, RetryPolicyInput, RunIf } from "@flowdeck/shared/workflows/step-control";

/** "Run this step", as the form's select offers it. */
export const RUN_IF_CHOICES = [
  { value: "success", label: "After success (default)" },
  { value: "failure", label: "Only after a failure" },
  { value: "always", label: "Always (clean-up)" },
  { value: "parameter", label: "Only when a parameter equals a value" },
] as const;
export type RunIfChoice = (typeof RUN_IF_CHOICES)[number]["value"];

/** One step's retry and "Run this step" as typed (decision 072). */
export type StepControlValues = {
  retryAttempts: string;
  retryDelay: string;
  backoff: RetryBackoff;
  /** Comma separated; blank: any non-zero exit code. */
  exitCodes: string;
  runIf: RunIfChoice;
  runIfParameter: string;
  runIfEquals: string;
};

export const EMPTY_STEP_CONTROL: StepControlValues = {
  retryAttempts: "0",
  retryDelay: "0",
  backoff: "fixed",
  exitCodes: "",
  runIf: "success",
  runIfParameter: "",
  runIfEquals: "",
};

/** Each step's values by its command, from the stored workflow. */
export function stepControlToForm(steps: Workflow["steps"]): Record<string, StepControlValues> {
  return Object.fromEntries(
    steps.flatMap((step) => {
      if (!step.taskId) return [];
      // A step read from an older answer has none: the default.
      const runIf = step.runIf ?? "success";
      return [
        [
          step.taskId,
          {
            retryAttempts: String(step.retry?.attempts ?? 0),
            retryDelay: String(step.retry?.delaySeconds ?? 0),
            backoff: step.retry?.backoff ?? "fixed",
            exitCodes: (step.retry?.onExitCodes ?? []).join(", "),
            runIf: typeof runIf === "string" ? runIf : "parameter",
            runIfParameter: typeof runIf === "string" ? "" : runIf.parameter,
            runIfEquals: typeof runIf === "string" ? "" : runIf.equals,
          } satisfies StepControlValues,
        ],
      ];
    }),
  );
}

/** What the API takes for one step: no retry at 0 attempts; numbers as typed, so the server's message explains a bad one. */
export function stepControlFromForm(values: StepControlValues | undefined): {
  retry: RetryPolicyInput | null;
  runIf: RunIf;
} {
  const v = values ?? EMPTY_STEP_CONTROL;
  const attempts = Number(v.retryAttempts.trim() || "0");
  const retry =
    attempts === 0
      ? null
      : {
          attempts,
          delaySeconds: Number(v.retryDelay.trim() || "0"),
          backoff: v.backoff,
          onExitCodes: v.exitCodes
            .split(",")
            .map((code) => code.trim())
            .filter(Boolean)
            .map(Number),
        };
  const runIf: RunIf = v.runIf === "parameter" ? { parameter: v.runIfParameter, equals: v.runIfEquals } : v.runIf;
  return { retry, runIf };
}
