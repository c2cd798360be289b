import { DEFAULT_TARGET } from "@flowdeck/shared/runs/targets";
import { CreateWorkflowSchema, UpdateWorkflowSchema, type Workflow } from "@flowdeck/shared/workflows/schemas";
import { describe, expect, it } from "vitest";
import { localDate } from "@/lib/local-day.ts";
import {
  emptyWorkflowForm,
  formToCreateInput,
  formToUpdateInput,
  workflowFormField,
  workflowToForm,
} from "./workflow-form-values.ts";

const workflow = {
  id: "w1",
  name: "Deploy",
  description: "",
  status: "in-progress",
  dueDate: null,
  schedule: { type: "weekly", isEnabled: true, date: null, time: "07:30", dayOfWeek: "2", dayOfMonth: null },
  timeoutSeconds: 1800,
  runnerLabels: ["gpu"],
  target: { ...DEFAULT_TARGET },
  steps: [
    { id: "s1", taskId: "a", status: "completed", continueOnError: true, timeoutSeconds: 60 },
    { id: "s2", taskId: null, status: "todo", continueOnError: false, timeoutSeconds: null },
    { id: "s3", taskId: "b", status: "todo", continueOnError: false, timeoutSeconds: null },
  ],
  parameters: [],
  scheduleParameters: {},
  runAfter: [],
} as unknown as Workflow;

describe("the workflow form's values", () => {
  it("become a body the shared schema accepts; a disabled schedule is manual", () => {
    const input = formToCreateInput({
      ...emptyWorkflowForm(),
      name: " Nightly ",
      taskIds: ["a", "b"],
      dueDate: "2030-03-10",
      scheduleType: "weekly",
      time: "",
    });
    const parsed = CreateWorkflowSchema.parse(input);
    expect(parsed).toMatchObject({ name: "Nightly", status: "active", taskIds: ["a", "b"] });
    expect(parsed.schedule).toMatchObject({ type: "manual", isEnabled: false });
    expect(localDate(new Date(parsed.dueDate!))).toBe("2030-03-10");
  });

  it("carry the schedule's fields when it is enabled", () => {
    const input = formToCreateInput({
      ...emptyWorkflowForm(),
      name: "x",
      taskIds: ["a"],
      scheduleEnabled: true,
      scheduleType: "weekly",
      time: "06:15",
      dayOfWeek: "0",
    });
    expect(CreateWorkflowSchema.parse(input).schedule).toEqual({
      type: "weekly",
      isEnabled: true,
      date: null,
      time: "06:15",
      dayOfWeek: "0",
      dayOfMonth: null,
    });
  });

  it("read back a workflow; only live commands are in the picker's list", () => {
    expect(workflowToForm(workflow)).toMatchObject({
      taskIds: ["a", "b"],
      scheduleEnabled: true,
      scheduleType: "weekly",
      time: "07:30",
      dayOfWeek: "2",
      status: "in-progress",
      timeoutMinutes: "30",
      runnerLabels: "gpu",
      continueOnError: ["a"],
    });
  });

  it("send the run settings: timeout in seconds, labels, and each step's options", () => {
    const input = formToUpdateInput(
      { ...workflowToForm(workflow), timeoutMinutes: "90", continueOnError: ["b"] },
      workflow,
    );
    expect(UpdateWorkflowSchema.parse(input)).toMatchObject({
      timeoutSeconds: 5400,
      runnerLabels: ["gpu"],
      stepOptions: [
        { taskId: "a", continueOnError: false, timeoutSeconds: 60 },
        { taskId: "b", continueOnError: true, timeoutSeconds: null },
      ],
    });
  });

  it("send the command list and the status only when they changed", () => {
    const unchanged = formToUpdateInput(workflowToForm(workflow), workflow);
    expect(unchanged.taskIds).toBeUndefined();
    expect(unchanged.status).toBeUndefined();
    expect(UpdateWorkflowSchema.safeParse(unchanged).success).toBe(true);

    const changed = formToUpdateInput({ ...workflowToForm(workflow), taskIds: ["b", "a"], status: "draft" }, workflow);
    expect(changed).toMatchObject({ taskIds: ["b", "a"], status: "draft" });
  });

  it("carry each parameter as declared, back and forth, with only what its type uses", () => {
    const parameters = CreateWorkflowSchema.parse({
      name: "x",
      taskIds: ["a"],
      parameters: [
        { name: "host", label: "Host", type: "text", required: true, default: "web-1", pattern: "web-\\d+" },
        { name: "count", label: "Count", type: "number", min: 1, max: 9, integer: true, default: 3 },
        { name: "dry_run", label: "Dry run", type: "boolean", default: true, help: "Print only" },
        { name: "region", label: "Region", type: "choice", choices: ["eu", "us"] },
        { name: "zones", label: "Zones", type: "multichoice", choices: ["a", "b"], default: ["b"] },
        { name: "day", label: "Day", type: "date", default: "2026-12-31" },
        { name: "notes", label: "Notes", type: "multiline" },
      ],
    }).parameters;
    const declared = { ...workflow, parameters, scheduleParameters: { region: "us", gone: "x" } } as Workflow;
    const input = formToUpdateInput(workflowToForm(declared), declared);
    const parsed = UpdateWorkflowSchema.parse(input);
    expect(parsed.parameters).toEqual(parameters);
    // The schedule's values of parameters no longer declared are not sent.
    expect(parsed.scheduleParameters).toEqual({ region: "us" });
  });

  it("send Run after only when it changed, without the pointers of parameters no longer declared", () => {
    const parameters = CreateWorkflowSchema.parse({
      name: "x",
      taskIds: ["a"],
      parameters: [{ name: "version", type: "text" }],
    }).parameters;
    const following = {
      ...workflow,
      parameters,
      runAfter: [
        { workflowId: "w0", workflowName: "Build", on: "success", parameters: { version: "/outputs/step1/v" } },
      ],
    } as Workflow;
    const form = workflowToForm(following);
    expect(formToUpdateInput(form, following).runAfter).toBeUndefined();

    const renamed = { ...form, parameters: form.parameters.map((parameter) => ({ ...parameter, name: "release" })) };
    expect(formToUpdateInput(renamed, following).runAfter).toEqual([
      { workflowId: "w0", on: "success", parameters: {} },
    ]);
    const blank = { ...form, runAfter: [{ workflowId: "w0", on: "always" as const, parameters: { version: " " } }] };
    expect(UpdateWorkflowSchema.parse(formToUpdateInput(blank, following)).runAfter).toEqual([
      { workflowId: "w0", on: "always", parameters: {} },
    ]);
  });

  it("show the server's message about Run after on the row it concerns", () => {
    expect(workflowFormField("runAfter.1.workflowId")).toBe("runAfter.1.workflowId");
    expect(workflowFormField("runAfter.0.parameters.version")).toBe("runAfter.0.parameters.version");
    expect(workflowFormField("runAfter.0.on")).toBe("runAfter.0.on");
    expect(workflowFormField("runAfter.0")).toBe("runAfter.0.workflowId");
    expect(workflowFormField("runAfter")).toBe("runAfter");
  });

  it("show the server's message about where it runs under its field, else under the choice", () => {
    expect(workflowFormField("target.runnerId")).toBe("target.runnerId");
    expect(workflowFormField("target.batchSize")).toBe("target.batchSize");
    expect(workflowFormField("target")).toBe("target.mode");
  });

  it("show the server's message about a parameter on its field", () => {
    expect(workflowFormField("parameters.2.default")).toBe("parameters.2.defaultText");
    expect(workflowFormField("parameters.0.name")).toBe("parameters.0.name");
    expect(workflowFormField("parameters")).toBe("parameters");
    expect(workflowFormField("scheduleParameters.version")).toBe("scheduleParameters.version");
  });
});
