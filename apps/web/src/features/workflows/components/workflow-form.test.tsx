import { TARGET_MESSAGES } from "@flowdeck/shared/runs/targets";
import { WORKFLOW_MESSAGES } from "@flowdeck/shared/workflows/messages";
import type { Workflow } from "@flowdeck/shared/workflows/schemas";
import type { RunnerList } from "@flowdeck/shared/runners/schemas";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { IDEMPOTENCY_HEADER } from "@/lib/idempotency-key.ts";
import { answerRequests } from "@/testing/fetch.ts";
import { createTestQueryClient, renderWithProviders } from "@/testing/render.tsx";
import { secretKeys } from "@/lib/secrets/secret-keys.ts";
import { workflowCommandsQueryOptions } from "../api/get-workflow-commands.ts";
import { runnerChoicesQueryOptions } from "../api/get-runner-choices.ts";
import { step, workflow } from "../testing/workflow-fixture.ts";
import { WorkflowForm } from "./workflow-form.tsx";

function renderForm(editing: Workflow | null = null) {
  // The picker's first page of commands is read from the server; seeded here, so the form renders without one.
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(workflowCommandsQueryOptions("org-1", "").queryKey, {
    pages: [
      {
        items: [
          { id: "task-1", name: "Deploy release", description: "", category: "deployment", status: "active" },
          { id: "task-2", name: "Warm the cache", description: "", category: "general", status: "active" },
        ],
        total: 2,
        totalCapped: false,
        nextCursor: null,
        pageSize: 50,
      },
    ],
    pageParams: [undefined],
  });
  queryClient.setQueryData(secretKeys.list("org-1"), {
    items: [
      { name: "API_TOKEN", description: "", updatedAt: "2026-11-01T00:00:00.000Z", updatedBy: "Ada" },
      {
        name: "DB_PASSWORD",
        description: "The backup user's",
        updatedAt: "2026-11-01T00:00:00.000Z",
        updatedBy: "Ada",
      },
    ],
  });
  queryClient.setQueryData(runnerChoicesQueryOptions("org-1").queryKey, {
    items: [
      aRunner({ id: "r-2", name: "web-2", os: "windows", online: false }),
      aRunner({ id: "r-1", name: "web-1", os: "linux", online: true }),
      aRunner({ id: "r-0", name: "gone", revokedAt: "2026-11-01T00:00:00.000Z" }),
    ],
  });
  const onSaved = vi.fn();
  const view = renderWithProviders(
    <WorkflowForm orgId="org-1" workflow={editing} timezone="UTC" onCancel={() => {}} onSaved={onSaved} />,
    { queryClient },
  );
  return { ...view, onSaved };
}

describe("the workflow form", () => {
  it("refuses a workflow without a name or commands with the shared texts, and focuses the name", async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole("button", { name: "Create Workflow" }));
    expect(await screen.findByText(WORKFLOW_MESSAGES.nameRequired)).toHaveProperty("role", "alert");
    expect(screen.getByText(WORKFLOW_MESSAGES.tasksRequired)).toHaveProperty("role", "alert");
    await expect.poll(() => document.activeElement).toBe(screen.getByLabelText("Name"));
  });

  it("puts a schedule's message under its field", async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText("Name"), "Release");
    await user.click(screen.getByRole("checkbox", { name: /Deploy release/ }));
    await user.click(screen.getByLabelText("Run on a schedule"));
    await user.selectOptions(screen.getByLabelText("Repeats"), "once");
    await user.click(screen.getByRole("button", { name: "Create Workflow" }));
    const date = screen.getByLabelText("Date");
    await expect.poll(() => date.getAttribute("aria-invalid")).toBe("true");
    await expect.poll(() => document.activeElement).toBe(date);
  });

  it("sends the workflow with its commands in order, once, with an idempotency key", async () => {
    const { fetch, sent } = answerRequests({ id: "wf-1" }, 201);
    const { user, onSaved } = renderForm();
    await user.type(screen.getByLabelText("Name"), "  Release  ");
    await user.click(screen.getByRole("checkbox", { name: /Warm the cache/ }));
    await user.click(screen.getByRole("checkbox", { name: /Deploy release/ }));
    // The run settings name the chosen commands too.
    expect(screen.getByRole("checkbox", { name: "Continue on error: Warm the cache" })).toBeTruthy();
    await user.type(screen.getByLabelText("Runner labels"), "linux, , gpu");
    await user.click(screen.getByRole("checkbox", { name: /DB_PASSWORD/ }));
    await user.click(screen.getByRole("button", { name: "Create Workflow" }));
    await expect.poll(() => onSaved.mock.calls).toEqual([[WORKFLOW_MESSAGES.created]]);
    expect(fetch).toHaveBeenCalledTimes(1);
    const { url, headers, body } = sent();
    expect(url).toBe("/api/orgs/org-1/workflows");
    expect((headers as Record<string, string>)[IDEMPOTENCY_HEADER]).toBeTruthy();
    expect(body).toMatchObject({
      name: "Release",
      description: "",
      status: "active",
      dueDate: null,
      taskIds: ["task-2", "task-1"],
      schedule: { type: "manual", isEnabled: false },
      timeoutSeconds: 3600,
      runnerLabels: ["linux", "gpu"],
      concurrencyPolicy: "skip",
      secrets: ["DB_PASSWORD"],
    });
  });
});

function aRunner(overrides: Partial<RunnerList["items"][number]>): RunnerList["items"][number] {
  return {
    id: "r-1",
    name: "web-1",
    os: "linux",
    arch: "x64",
    labels: ["web"],
    declaredLabels: [],
    version: "1.0.0",
    lastSeenAt: "2026-11-01T00:00:00.000Z",
    online: true,
    revokedAt: null,
    createdAt: "2026-11-01T00:00:00.000Z",
    currentRun: null,
    ...overrides,
  };
}

describe("where a workflow runs", () => {
  it("offers the organization's runners by name, OS and presence, and shows the server's refusal at the runner", async () => {
    const { fetch } = answerRequests(
      {
        error: {
          code: "invalid-argument",
          message: TARGET_MESSAGES.runnerNotMatching,
          fields: { "target.runnerId": TARGET_MESSAGES.runnerNotMatching },
        },
      },
      400,
    );
    const { user } = renderForm();
    await user.type(screen.getByLabelText("Name"), "Release");
    await user.click(screen.getByRole("checkbox", { name: /Deploy release/ }));
    await user.click(screen.getByRole("radio", { name: /A chosen runner/ }));
    const runner = screen.getByLabelText("Runner");
    expect(
      within(runner)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Choose a runner", "web-1 (Linux, online)", "web-2 (Windows, offline)"]);
    // Pinned without a runner: the shared schema's message, before anything is sent.
    await user.click(screen.getByRole("button", { name: "Create Workflow" }));
    expect(await screen.findByText(TARGET_MESSAGES.runnerRequired)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    await user.selectOptions(runner, "r-2");
    await user.click(screen.getByRole("button", { name: "Create Workflow" }));
    await expect.poll(() => runner.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(TARGET_MESSAGES.runnerNotMatching)).toHaveProperty("role", "alert");
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body)).target).toMatchObject({
      mode: "runner",
      runnerId: "r-2",
    });
  });

  it("sends every matching runner with its batches, threshold and offline wait", async () => {
    const { sent } = answerRequests({ id: "wf-1" }, 201);
    const { user, onSaved } = renderForm();
    await user.type(screen.getByLabelText("Name"), "Release");
    await user.click(screen.getByRole("checkbox", { name: /Deploy release/ }));
    await user.click(screen.getByRole("radio", { name: /Every matching runner/ }));
    await user.type(screen.getByLabelText("Targets at once"), "50%");
    await user.click(screen.getByRole("checkbox", { name: "Keep going after a failure" }));
    await user.clear(screen.getByLabelText("Success threshold (%)"));
    await user.type(screen.getByLabelText("Success threshold (%)"), "80");
    await user.selectOptions(screen.getByLabelText("Offline runners"), "wait");
    await user.clear(screen.getByLabelText("Wait up to (minutes)"));
    await user.type(screen.getByLabelText("Wait up to (minutes)"), "15");
    await user.click(screen.getByRole("button", { name: "Create Workflow" }));
    await expect.poll(() => onSaved.mock.calls.length).toBe(1);
    expect(sent().body).toMatchObject({
      target: { mode: "all", batchSize: "50%", keepGoing: true, successThreshold: 80, offlineWaitMinutes: 15 },
    });
  });

  it("refuses a bad batch with the shared text", async () => {
    const { fetch } = answerRequests({ id: "wf-1" }, 201);
    const { user } = renderForm();
    await user.type(screen.getByLabelText("Name"), "Release");
    await user.click(screen.getByRole("checkbox", { name: /Deploy release/ }));
    await user.click(screen.getByRole("radio", { name: /Every matching runner/ }));
    await user.type(screen.getByLabelText("Targets at once"), "150%");
    await user.click(screen.getByRole("button", { name: "Create Workflow" }));
    expect(await screen.findByText(TARGET_MESSAGES.batchSize)).toHaveProperty("role", "alert");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows a saved fan-out when editing, and sends the target only when it changed", async () => {
    const { sent } = answerRequests(workflow({}));
    const saved = workflow({
      steps: [step({})],
      runnerLabels: ["web"],
      target: {
        mode: "all",
        runnerId: null,
        batchSize: 2,
        keepGoing: false,
        successThreshold: 50,
        offlineWaitMinutes: 30,
        runnerIds: null,
      },
    });
    const { user, onSaved } = renderForm(saved);
    expect(screen.getByRole("radio", { name: /Every matching runner/ })).toHaveProperty("checked", true);
    expect(screen.getByLabelText("Targets at once")).toHaveProperty("value", "2");
    expect(screen.getByLabelText("Success threshold (%)")).toHaveProperty("value", "50");
    expect(screen.getByLabelText("Wait up to (minutes)")).toHaveProperty("value", "30");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await expect.poll(() => onSaved.mock.calls.length).toBe(1);
    expect(sent().body).not.toHaveProperty("target");
  });
});
