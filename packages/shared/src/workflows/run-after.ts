import { z } from "zod";
import { isJsonPointer, resolvePointer } from "../hooks/json-pointer.ts";
import type { RunStatus } from "../runs/constants.ts";
import { RUN_AFTER_MESSAGES } from "./messages.ts";

/**
 * "Run after" (decision 073): a workflow B starts when a run of workflow A ends — on success, on
 * failure, or always — with parameters mapped by JSON pointer from A's run
 * (`/parameters/<name>`, `/outputs/<step>/<key>`). Stored on B; a chain that would loop is refused.
 */

export const RUN_AFTER_ON = ["success", "failure", "always"] as const;
export type RunAfterOn = (typeof RUN_AFTER_ON)[number];

export const RUN_AFTER_ON_LABELS: Record<RunAfterOn, string> = {
  success: "When it succeeds",
  failure: "When it fails",
  always: "Whenever it ends",
};

/** Entries per workflow, and parameters mapped per entry. */
export const RUN_AFTER_MAX = 10;
export const RUN_AFTER_MAPPINGS_MAX = 30;
const POINTER_MAX = 200;
const PARAMETER_NAME = /^[a-z][a-z0-9_]*$/;

/**
 * The final statuses each `on` follows. A failure is what went wrong while running (failed, timed
 * out, lost); a run cancelled, rejected or expired was stopped on purpose and starts nothing.
 */
const FOLLOWS: Record<RunAfterOn, readonly RunStatus[]> = {
  success: ["succeeded"],
  failure: ["failed", "timed-out", "lost"],
  always: ["succeeded", "failed", "timed-out", "lost"],
};

export function runAfterFollows(on: RunAfterOn, status: RunStatus): boolean {
  return FOLLOWS[on].includes(status);
}

export const RunAfterMappingSchema = z
  .record(
    z.string().regex(PARAMETER_NAME, RUN_AFTER_MESSAGES.parameterNameInvalid).max(64),
    z
      .string({ error: RUN_AFTER_MESSAGES.pointerInvalid })
      .max(POINTER_MAX, RUN_AFTER_MESSAGES.pointerInvalid)
      .refine(isJsonPointer, RUN_AFTER_MESSAGES.pointerInvalid),
  )
  .refine((mapping) => Object.keys(mapping).length <= RUN_AFTER_MAPPINGS_MAX, RUN_AFTER_MESSAGES.tooManyMappings);

export const RunAfterEntrySchema = z.object({
  workflowId: z
    .string({ error: RUN_AFTER_MESSAGES.workflowRequired })
    .trim()
    .min(1, RUN_AFTER_MESSAGES.workflowRequired),
  on: z.enum(RUN_AFTER_ON, { error: RUN_AFTER_MESSAGES.onInvalid }),
  parameters: RunAfterMappingSchema.default({}),
});
export type RunAfterEntry = z.output<typeof RunAfterEntrySchema>;

/** The workflow form's and the API's `runAfter`: at most 10, each workflow once. */
export const RunAfterInputSchema = z
  .array(RunAfterEntrySchema)
  .max(RUN_AFTER_MAX, RUN_AFTER_MESSAGES.tooMany)
  .superRefine((entries, context) => {
    const seen = new Set<string>();
    entries.forEach((entry, index) => {
      if (seen.has(entry.workflowId)) {
        context.addIssue({ code: "custom", path: [index, "workflowId"], message: RUN_AFTER_MESSAGES.duplicate });
      }
      seen.add(entry.workflowId);
    });
  });

/** Reading a workflow: each entry with the name of the workflow it follows. */
export const RunAfterSchema = z.object({
  workflowId: z.string(),
  workflowName: z.string(),
  on: z.enum(RUN_AFTER_ON),
  parameters: z.record(z.string(), z.string()),
});
export type RunAfter = z.infer<typeof RunAfterSchema>;

/**
 * A loop in the organization's chains, if any: `follows` maps each workflow to those it runs
 * after. Returns the workflows of the loop in the order they run (A, B, C for A→B→C→A), or null.
 */
export function findRunAfterLoop(follows: ReadonlyMap<string, readonly string[]>, from: string): string[] | null {
  // Walk "runs after" edges from `from`: reaching `from` again is a loop.
  const path: string[] = [];
  const done = new Set<string>();
  const visit = (id: string): string[] | null => {
    if (path.includes(id)) return id === from ? [...path] : null;
    if (done.has(id)) return null;
    path.push(id);
    for (const next of follows.get(id) ?? []) {
      const loop = visit(next);
      if (loop) return loop;
    }
    path.pop();
    done.add(id);
    return null;
  };
  const loop = visit(from);
  // The path walks backwards (B runs after A): the order they run is its reverse.
  return loop ? loop.reverse() : null;
}

/** What a pointer of a run-after mapping reads: the first run's parameter values and its steps' outputs. */
export type RunAfterSource = {
  parameters: Record<string, unknown>;
  outputs: Record<string, Record<string, string>>;
};

/**
 * The mapped values by parameter name. A pointer that finds nothing, `null`, an object or an array
 * leaves its parameter out, so its default applies (and a required one is refused by name when B
 * starts).
 */
export function mapRunAfterParameters(
  mapping: Record<string, string>,
  source: RunAfterSource,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, pointer] of Object.entries(mapping)) {
    const found = resolvePointer(source, pointer);
    if (!found.found || found.value === null || typeof found.value === "object") continue;
    values[name] = found.value;
  }
  return values;
}
