import type { Workflow, WorkflowPage } from "@flowdeck/shared/workflows/schemas";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "@/testing/render.tsx";
import { useWorkflows } from "../api/get-workflows.ts";
import { step, workflow } from "../testing/workflow-fixture.ts";
import { WorkflowSteps } from "./workflow-steps.tsx";

const ORG = "org-1";
const release = workflow({
  name: "Release",
  status: "in-progress",
  taskCount: 2,
  steps: [
    step({ id: "step-1", name: "Stop web workers" }),
    step({ id: "step-2", position: 1, name: "Warm the cache" }),
  ],
});

/** The workflow once the steps `done` are ticked. */
function ticked(done: string[]): Workflow {
  const steps = release.steps.map((item) =>
    done.includes(item.id) ? { ...item, status: "completed" as const } : item,
  );
  return { ...release, steps, completedTasks: done.length, progress: Math.round((done.length / 2) * 100) };
}

const pageOf = (item: Workflow): WorkflowPage => ({
  items: [item],
  total: 1,
  totalCapped: false,
  nextCursor: null,
  pageSize: 20,
  timezone: "UTC",
});

/**
 * A server that answers the list at once, with the workflow as it stands, and holds each step's
 * answer until the test sends it: `answerNextStep(done)` answers the oldest with those steps done.
 */
function heldServer() {
  let current = release;
  const held: Array<(body: Workflow) => void> = [];
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    if (init?.method !== "PATCH") return Promise.resolve(Response.json(pageOf(current)));
    return new Promise<Response>((resolve) => held.push((body) => resolve(Response.json(body))));
  });
  vi.stubGlobal("fetch", fetch);
  const stepRequests = () => fetch.mock.calls.filter(([, init]) => init?.method === "PATCH").map(([url]) => url);
  return {
    stepRequests,
    answerNextStep: (done: string[]) => {
      current = ticked(done);
      held.shift()!(current);
    },
  };
}

/** The steps of the list's workflow, as the workflows page shows them. */
function ListedSteps() {
  const { data } = useWorkflows(ORG, {});
  const item = data?.items[0];
  return item ? <WorkflowSteps orgId={ORG} workflow={item} canEdit onError={() => {}} /> : null;
}

const box = (name: string) => screen.getByRole<HTMLInputElement>("checkbox", { name });

describe("ticking a workflow's steps", () => {
  it("sends one step after another, so an earlier answer never unticks a later step", async () => {
    const server = heldServer();
    const { user } = renderWithProviders(<ListedSteps />);
    await user.click(await screen.findByRole("checkbox", { name: "Stop web workers" }));
    await user.click(box("Warm the cache"));
    // Both show ticked at once; the second is sent once the first is answered.
    expect(box("Stop web workers").checked).toBe(true);
    expect(box("Warm the cache").checked).toBe(true);
    expect(server.stepRequests()).toHaveLength(1);

    server.answerNextStep(["step-1"]);
    await waitFor(() => expect(server.stepRequests()).toHaveLength(2));
    expect(server.stepRequests()[1]).toContain("/steps/step-2");
    expect(box("Warm the cache").checked).toBe(true);

    server.answerNextStep(["step-1", "step-2"]);
    await waitFor(() => expect(box("Warm the cache").disabled).toBe(false));
    expect(box("Stop web workers").checked).toBe(true);
    expect(box("Warm the cache").checked).toBe(true);
  });
});
