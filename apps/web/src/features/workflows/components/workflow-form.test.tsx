import { WORKFLOW_MESSAGES } from "@flowdeck/shared/workflows/messages";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { IDEMPOTENCY_HEADER } from "@/lib/idempotency-key.ts";
import { answerRequests } from "@/testing/fetch.ts";
import { createTestQueryClient, renderWithProviders } from "@/testing/render.tsx";
import { secretKeys } from "@/lib/secrets/secret-keys.ts";
import { workflowCommandsQueryOptions } from "../api/get-workflow-commands.ts";
import { WorkflowForm } from "./workflow-form.tsx";

function renderForm() {
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
  const onSaved = vi.fn();
  const view = renderWithProviders(
    <WorkflowForm orgId="org-1" workflow={null} timezone="UTC" onCancel={() => {}} onSaved={onSaved} />,
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
