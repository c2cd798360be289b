import { RUN_AFTER_MESSAGES } from "@flowdeck/shared/workflows/messages";
import type { Workflow } from "@flowdeck/shared/workflows/schemas";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { secretKeys } from "@/lib/secrets/secret-keys.ts";
import { answerRequests } from "@/testing/fetch.ts";
import { createTestQueryClient, renderWithProviders } from "@/testing/render.tsx";
import { workflowChoicesQueryOptions } from "../api/get-workflow-choices.ts";
import { workflowCommandsQueryOptions } from "../api/get-workflow-commands.ts";
import { step, workflow } from "../testing/workflow-fixture.ts";
import { WorkflowForm } from "./workflow-form.tsx";

// The workflow form's "Run after" section (decision 073): rows saved as the API's `runAfter`, and
// the server's loop refusal shown on the row it concerns.

const build = workflow({
  id: "wf-build",
  name: "Build",
  steps: [step({ id: "s-1", position: 0, taskId: "task-9", name: "Compile" })],
  parameters: [
    { name: "branch", label: "Branch", help: "", type: "text", required: false, default: "main", pattern: "" },
  ],
});
const deploy: Workflow = workflow({
  id: "wf-deploy",
  name: "Deploy",
  steps: [step({ taskId: "task-1", name: "Deploy release" })],
  parameters: [
    { name: "version", label: "Version", help: "", type: "text", required: false, default: "", pattern: "" },
  ],
  runAfter: [
    { workflowId: "wf-build", workflowName: "Build", on: "success", parameters: { version: "/outputs/step1/version" } },
  ],
});

const choicesPage = {
  items: [deploy, build],
  total: 2,
  totalCapped: false,
  nextCursor: null,
  pageSize: 100,
  timezone: "UTC",
};

function renderForm(editing: Workflow | null) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(workflowCommandsQueryOptions("org-1", "").queryKey, {
    pages: [
      {
        items: [{ id: "task-1", name: "Deploy release", description: "", category: "deployment", status: "active" }],
        total: 1,
        totalCapped: false,
        nextCursor: null,
        pageSize: 50,
      },
    ],
    pageParams: [undefined],
  });
  queryClient.setQueryData(secretKeys.list("org-1"), { items: [] });
  queryClient.setQueryData(workflowChoicesQueryOptions("org-1").queryKey, {
    pages: [choicesPage],
    pageParams: [undefined],
  });
  const onSaved = vi.fn();
  const view = renderWithProviders(
    <WorkflowForm orgId="org-1" workflow={editing} timezone="UTC" onCancel={() => {}} onSaved={onSaved} />,
    { queryClient },
  );
  return { ...view, onSaved, section: screen.getByRole("group", { name: "Run after" }) };
}

describe("the workflow form's Run after", () => {
  it("adds a row from the keyboard and saves it with a parameter mapped from the first run's output", async () => {
    const { fetch, sent } = answerRequests((url: string) => (url.includes("?") ? choicesPage : { id: "wf-new" }), 201);
    const { user, onSaved, section } = renderForm(null);
    await user.type(screen.getByLabelText("Name"), "Smoke test");
    await user.click(screen.getByRole("checkbox", { name: /Deploy release/ }));
    await user.click(screen.getByRole("button", { name: "Add parameter" }));
    await user.type(within(screen.getByRole("group", { name: /^Parameter 1/ })).getByLabelText(/^Name/), "version");

    within(section).getByRole("button", { name: "Add a workflow to run after" }).focus();
    await user.keyboard("{Enter}");
    const row = within(section).getByRole("group", { name: "Run after 1" });
    const first = within(row).getByRole("combobox", { name: /Start this workflow after/ });
    // Every workflow is offered; there is none to exclude while creating.
    expect(
      within(first)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Choose a workflow", "Deploy", "Build"]);
    await user.selectOptions(first, "Build");
    const named = within(section).getByRole("group", { name: "Run after 1 (Build)" });
    await user.selectOptions(within(named).getByLabelText("When it ends"), "When it fails");
    await user.click(within(named).getByLabelText("version"));
    await user.paste("/outputs/step1/version");

    await user.click(screen.getByRole("button", { name: "Create Workflow" }));
    await expect.poll(() => onSaved.mock.calls.length).toBe(1);
    expect(fetch.mock.calls[0]?.[1]?.method).toBe("POST");
    expect(sent().body).toMatchObject({
      parameters: [expect.objectContaining({ name: "version" })],
      runAfter: [{ workflowId: "wf-build", on: "failure", parameters: { version: "/outputs/step1/version" } }],
    });
  });

  it("refuses a row with no workflow chosen, on that row, before asking the server", async () => {
    const { fetch } = answerRequests({ id: "wf-new" }, 201);
    const { user, section } = renderForm(null);
    await user.type(screen.getByLabelText("Name"), "Smoke test");
    await user.click(screen.getByRole("checkbox", { name: /Deploy release/ }));
    await user.click(within(section).getByRole("button", { name: "Add a workflow to run after" }));
    await user.click(screen.getByRole("button", { name: "Create Workflow" }));
    const first = within(section).getByRole("combobox", { name: /Start this workflow after/ });
    await expect.poll(() => first.getAttribute("aria-invalid")).toBe("true");
    expect(within(section).getByText(RUN_AFTER_MESSAGES.workflowRequired)).toHaveProperty("role", "alert");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("offers every workflow but the one being edited, and shows the server's loop refusal on the row", async () => {
    const loop = RUN_AFTER_MESSAGES.loop(["Build", "Deploy"]);
    const { sent } = answerRequests(
      {
        error: { code: "invalid-argument", message: loop, fields: { "runAfter.0.workflowId": loop } },
      },
      400,
    );
    const { user, onSaved, section } = renderForm(deploy);
    const row = within(section).getByRole("group", { name: "Run after 1 (Build)" });
    const first = within(row).getByRole("combobox", { name: /Start this workflow after/ });
    expect(within(first).queryByRole("option", { name: "Deploy" })).toBeNull();
    expect(first).toHaveProperty("value", "wf-build");
    expect(within(row).getByLabelText("version")).toHaveProperty("value", "/outputs/step1/version");

    await user.selectOptions(within(row).getByLabelText("When it ends"), "Whenever it ends");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await within(row).findByText(loop)).toHaveProperty("role", "alert");
    await expect.poll(() => document.activeElement).toBe(first);
    expect(onSaved).not.toHaveBeenCalled();
    expect(sent().body).toMatchObject({
      runAfter: [{ workflowId: "wf-build", on: "always", parameters: { version: "/outputs/step1/version" } }],
    });
  });

  it("leaves runAfter out of an edit that does not change it, and removes a row with its labelled button", async () => {
    // The saved workflow; then the list of workflows the save refreshes.
    const { sent } = answerRequests((url: string) => (url.includes("?") ? choicesPage : deploy));
    const { user, onSaved, section } = renderForm(deploy);
    await user.clear(screen.getByLabelText("Name"));
    await user.type(screen.getByLabelText("Name"), "Deploy web");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await expect.poll(() => onSaved.mock.calls.length).toBe(1);
    // The first request is the save; the workflows it invalidated are read again after it.
    expect(sent()).toMatchObject({ url: "/api/orgs/org-1/workflows/wf-deploy", method: "PATCH" });
    expect(sent().body).toMatchObject({ name: "Deploy web" });
    expect(sent().body).not.toHaveProperty("runAfter");

    await user.click(within(section).getByRole("button", { name: "Remove Run after 1 (Build)" }));
    expect(within(section).getByText("Started only by itself.")).toBeTruthy();
  });
});
