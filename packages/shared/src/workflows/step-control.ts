import { z } from "zod";
import { STEP_CONTROL_MESSAGES } from "./messages.ts";

/**
 * Steps that retry and branch, and step outputs (docs/decisions/072): what a workflow's
 * `stepOptions` take besides continue-on-error and a timeout, and the rules the runner applies.
 * Pure: the runner, the server and the web app all read these.
 */

export const STEP_CONTROL_LIMITS = {
  /** Extra attempts after the first. */
  attempts: 10,
  /** Seconds between attempts (before doubling). */
  delaySeconds: 3600,
  /** Exit codes a retry can be limited to. */
  exitCodes: 20,
  parameterValue: 500,
  /** A run's step outputs together, keys and values in UTF-8 bytes. */
  outputBytes: 64 * 1024,
  /** One output key. */
  outputKey: 100,
} as const;

export const RETRY_BACKOFFS = ["fixed", "doubling"] as const;
export type RetryBackoff = (typeof RETRY_BACKOFFS)[number];

export const RetryPolicySchema = z.object({
  attempts: z
    .number({ error: STEP_CONTROL_MESSAGES.attemptsInvalid })
    .int(STEP_CONTROL_MESSAGES.attemptsInvalid)
    .min(0, STEP_CONTROL_MESSAGES.attemptsInvalid)
    .max(STEP_CONTROL_LIMITS.attempts, STEP_CONTROL_MESSAGES.attemptsInvalid),
  delaySeconds: z
    .number({ error: STEP_CONTROL_MESSAGES.delayInvalid })
    .int(STEP_CONTROL_MESSAGES.delayInvalid)
    .min(0, STEP_CONTROL_MESSAGES.delayInvalid)
    .max(STEP_CONTROL_LIMITS.delaySeconds, STEP_CONTROL_MESSAGES.delayInvalid)
    .default(0),
  backoff: z.enum(RETRY_BACKOFFS, { error: STEP_CONTROL_MESSAGES.backoffInvalid }).default("fixed"),
  /** Empty: any non-zero exit code is retried. */
  onExitCodes: z
    .array(
      z
        .number({ error: STEP_CONTROL_MESSAGES.exitCodeInvalid })
        .int(STEP_CONTROL_MESSAGES.exitCodeInvalid)
        .min(1, STEP_CONTROL_MESSAGES.exitCodeInvalid)
        .max(255, STEP_CONTROL_MESSAGES.exitCodeInvalid),
      { error: STEP_CONTROL_MESSAGES.exitCodeInvalid },
    )
    .max(STEP_CONTROL_LIMITS.exitCodes, STEP_CONTROL_MESSAGES.tooManyExitCodes)
    .default([]),
});
export type RetryPolicy = z.output<typeof RetryPolicySchema>;

/** A retry policy as answers carry it (no defaults to apply). */
export const StoredRetryPolicySchema = z.object({
  attempts: z.number().int(),
  delaySeconds: z.number().int(),
  backoff: z.enum(RETRY_BACKOFFS),
  onExitCodes: z.array(z.number().int()),
}) satisfies z.ZodType<RetryPolicy>;
export type RetryPolicyInput = z.input<typeof RetryPolicySchema>;

export const RUN_IF_STATES = ["success", "failure", "always"] as const;
export type RunIfState = (typeof RUN_IF_STATES)[number];

export const RunIfSchema = z.union(
  [
    z.enum(RUN_IF_STATES),
    z.object({
      parameter: z
        .string({ error: STEP_CONTROL_MESSAGES.runIfParameterRequired })
        .trim()
        .min(1, STEP_CONTROL_MESSAGES.runIfParameterRequired)
        .max(100),
      equals: z
        .string({ error: STEP_CONTROL_MESSAGES.runIfEqualsRequired })
        .max(STEP_CONTROL_LIMITS.parameterValue, STEP_CONTROL_MESSAGES.runIfEqualsRequired),
    }),
  ],
  { error: STEP_CONTROL_MESSAGES.runIfInvalid },
);
export type RunIf = z.output<typeof RunIfSchema>;

/** When a step runs, as answers carry it. */
export const StoredRunIfSchema = z.union([
  z.enum(RUN_IF_STATES),
  z.object({ parameter: z.string(), equals: z.string() }),
]) satisfies z.ZodType<RunIf>;

/** When nothing is said: run when every earlier step succeeded or continued on error. */
export const DEFAULT_RUN_IF: RunIf = "success";

/**
 * A step's key in a run's `outputs` and in `FLOWDECK_OUTPUT_<STEP>_<KEY>`: its one-based position,
 * `step1`, `step2`… (the same number as FLOWDECK_STEP). Names change and repeat; positions do not
 * within a run.
 */
export function stepKey(position: number): string {
  return `step${position + 1}`;
}

/** The variable a later step reads an output from: FLOWDECK_OUTPUT_STEP1_VERSION. */
export function outputEnvName(position: number, key: string): string {
  return `FLOWDECK_OUTPUT_${stepKey(position).toUpperCase()}_${key.toUpperCase()}`;
}

/** Output keys as variable names can carry them: letters, digits and '_', not starting with a digit. */
export const OUTPUT_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

export type ParsedOutputs = { values: Record<string, string>; problems: string[] };

/**
 * Reads an output file as GitHub's `$GITHUB_OUTPUT` is read: `key=value` lines, and multi-line
 * values as `key<<DELIMITER`, the lines, then `DELIMITER` alone on a line. Blank lines are ignored;
 * a later value of a key replaces an earlier one. Lines that are neither, invalid keys and an
 * unterminated block are reported as problems and left out.
 */
export function parseOutputFile(text: string): ParsedOutputs {
  const values: Record<string, string> = {};
  const problems: string[] = [];
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  if (lines.at(-1) === "") lines.pop();
  const setValue = (key: string, value: string, line: number) => {
    if (!OUTPUT_KEY_PATTERN.test(key) || key.length > STEP_CONTROL_LIMITS.outputKey) {
      problems.push(`line ${line}: "${key.slice(0, 40)}" is not a valid output name`);
      return;
    }
    values[key] = value;
  };
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (line.trim() === "") continue;
    const heredoc = /^([^=]*?)<<(.+)$/.exec(line);
    const equals = line.indexOf("=");
    if (heredoc && (equals === -1 || equals > line.indexOf("<<"))) {
      const [, key, delimiter] = heredoc as unknown as [string, string, string];
      const end = lines.indexOf(delimiter, index + 1);
      if (end === -1) {
        problems.push(`line ${index + 1}: no closing "${delimiter}" for "${key}"`);
        break;
      }
      setValue(key.trim(), lines.slice(index + 1, end).join("\n"), index + 1);
      index = end;
      continue;
    }
    if (equals <= 0) {
      problems.push(`line ${index + 1}: expected name=value or name<<DELIMITER`);
      continue;
    }
    setValue(line.slice(0, equals).trim(), line.slice(equals + 1), index + 1);
  }
  return { values, problems };
}

/** The UTF-8 bytes a step's outputs take against the run's cap: each key and value. */
export function outputBytes(values: Record<string, string>): number {
  let bytes = 0;
  for (const [key, value] of Object.entries(values)) {
    bytes += new TextEncoder().encode(key).length + new TextEncoder().encode(value).length;
  }
  return bytes;
}

/**
 * Keeps the outputs that fit in `room` bytes, in order; the rest are dropped (a value is never cut:
 * half a value would be a wrong value). `dropped` lists the keys left out.
 */
export function capOutputs(values: Record<string, string>, room: number) {
  const kept: Record<string, string> = {};
  const dropped: string[] = [];
  let used = 0;
  for (const [key, value] of Object.entries(values)) {
    const bytes = outputBytes({ [key]: value });
    if (dropped.length === 0 && used + bytes <= room) {
      kept[key] = value;
      used += bytes;
    } else dropped.push(key);
  }
  return { kept, dropped, used };
}

/** Seconds to wait before retry number `retry` (1 for the first retry). */
export function retryDelaySeconds(policy: Pick<RetryPolicy, "delaySeconds" | "backoff">, retry: number): number {
  if (policy.backoff === "fixed") return policy.delaySeconds;
  return Math.min(policy.delaySeconds * 2 ** (retry - 1), STEP_CONTROL_LIMITS.delaySeconds);
}

/** Whether a failed attempt with this exit code is tried again under the policy. */
export function shouldRetry(policy: RetryPolicy | null, attemptsMade: number, exitCode: number | null): boolean {
  if (!policy || attemptsMade > policy.attempts) return false;
  if (policy.onExitCodes.length === 0) return true;
  return exitCode !== null && policy.onExitCodes.includes(exitCode);
}

export type EarlierSteps = {
  /** A step that ran failed (with or without continue-on-error) or timed out. */
  anyFailed: boolean;
  /** A step that ran failed without continue-on-error: the run fails. */
  runFailed: boolean;
};

/**
 * Whether a step runs, and if not why ("an earlier step failed", "env is not prod"). `parameter`
 * reads the run's value of a parameter as a step's environment carries it.
 */
export function decideRunIf(
  runIf: RunIf,
  earlier: EarlierSteps,
  parameter: (name: string) => string | undefined,
): { run: true } | { run: false; reason: string } {
  if (runIf === "always") return { run: true };
  if (runIf === "failure") {
    return earlier.anyFailed ? { run: true } : { run: false, reason: "no earlier step failed" };
  }
  if (earlier.runFailed) return { run: false, reason: "an earlier step failed" };
  if (runIf === "success") return { run: true };
  const value = parameter(runIf.parameter);
  return value === runIf.equals ? { run: true } : { run: false, reason: `${runIf.parameter} is not ${runIf.equals}` };
}
