import type { RunAfterOn } from "@flowdeck/shared/workflows/run-after";
import type { CreateWorkflowInput, Workflow } from "@flowdeck/shared/workflows/schemas";

/**
 * One "Run after" row of the workflow form (decision 073): the workflow this one follows, when,
 * and a pointer into that run for each of this workflow's parameters, by name ("" for none).
 */
export type RunAfterFormValues = {
  workflowId: string;
  on: RunAfterOn;
  parameters: Record<string, string>;
};

type RunAfterInput = NonNullable<CreateWorkflowInput["runAfter"]>;

export function emptyRunAfter(): RunAfterFormValues {
  return { workflowId: "", on: "success", parameters: {} };
}

export function runAfterToForm(entries: Workflow["runAfter"]): RunAfterFormValues[] {
  return entries.map(({ workflowId, on, parameters }) => ({ workflowId, on, parameters: { ...parameters } }));
}

/**
 * The API's `runAfter`: each row's pointers for the parameters still declared (a parameter renamed
 * or removed takes its mapping with it), blank ones left out so the parameter takes its default.
 */
export function runAfterToInput(rows: readonly RunAfterFormValues[], parameterNames: readonly string[]): RunAfterInput {
  return rows.map((row) => ({
    workflowId: row.workflowId,
    on: row.on,
    parameters: Object.fromEntries(
      parameterNames.flatMap((name) => {
        const pointer = row.parameters[name]?.trim() ?? "";
        return pointer ? [[name, pointer]] : [];
      }),
    ),
  }));
}

/** Whether two lists ask for the same thing, whatever the order of each mapping's keys. */
export function sameRunAfter(a: RunAfterInput, b: RunAfterInput): boolean {
  const canonical = (entries: RunAfterInput) =>
    JSON.stringify(entries.map((entry) => [entry.workflowId, entry.on, Object.entries(entry.parameters ?? {}).sort()]));
  return canonical(a) === canonical(b);
}

/**
 * Where the form shows the API's message about `runAfter…`: the list's own under the section, a
 * row's under its workflow (a loop, an unknown workflow), its "when" or its parameter's pointer.
 */
export function runAfterFormField(path: string): string {
  const [, index, field, name] = path.split(".");
  if (index === undefined) return "runAfter";
  if (field === "on") return `runAfter.${index}.on`;
  if (field === "parameters" && name) return `runAfter.${index}.parameters.${name}`;
  return `runAfter.${index}.workflowId`;
}

/** What a pointer can read from a run of `workflow`: its parameters, and what its steps write. */
export function pointerSuggestions(workflow: Pick<Workflow, "parameters" | "steps"> | undefined) {
  if (!workflow) return [];
  return [
    ...workflow.parameters.map((parameter) => ({
      value: `/parameters/${parameter.name}`,
      label: `Its parameter ${parameter.label || parameter.name}`,
    })),
    // Outputs are keyed by the step's place (decision 072); their keys are known only when it runs.
    ...workflow.steps.map((step) => ({
      value: `/outputs/step${step.position + 1}/`,
      label: `A key step ${step.position + 1} (${step.name}) writes to $FLOWDECK_OUTPUT`,
    })),
  ];
}
