import type { RunIf } from "./step-control.ts";

/**
 * How the workflow form and the run view say when a step runs. Apart from step-control.ts, whose
 * schemas need zod, so the run view shows it without loading zod.
 */
export function describeRunIf(runIf: RunIf): string {
  if (runIf === "success") return "after success";
  if (runIf === "failure") return "only after a failure";
  if (runIf === "always") return "always";
  return `only when ${runIf.parameter} is ${runIf.equals}`;
}
