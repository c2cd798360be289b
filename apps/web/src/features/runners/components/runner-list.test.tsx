import type { Runner, RunnerList as RunnerListData } from "@flowdeck/shared/runners/schemas";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createTestQueryClient, renderWithProviders } from "@/testing/render.tsx";
import { runnerKeys } from "../api/runner-keys.ts";
import { RunnerList } from "./runner-list.tsx";

function runner(name: string, values: Partial<Runner> = {}): Runner {
  return {
    id: name,
    name,
    os: "linux",
    arch: "x64",
    labels: [],
    version: "0.1.0",
    lastSeenAt: "2026-11-27T10:00:00.000Z",
    online: true,
    revokedAt: null,
    createdAt: "2026-11-20T10:00:00.000Z",
    currentRun: null,
    ...values,
  };
}

function showRunners(items: Runner[]) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(runnerKeys.list("org-1"), { items } satisfies RunnerListData);
  return renderWithProviders(<RunnerList orgId="org-1" />, { queryClient });
}

describe("the runner list on a phone", () => {
  it("draws a card per runner with its state, platform, labels, run and its own Edit and Revoke", async () => {
    const { user } = showRunners([
      runner("build-01", {
        labels: ["docker", "gpu"],
        currentRun: { id: "run-1", workflowId: "wf-1", workflowName: "Deploy", status: "running" },
      }),
      runner("old-box", { online: false, revokedAt: "2026-11-26T10:00:00.000Z" }),
    ]);
    const cards = within(screen.getByRole("list", { name: "2 runners" })).getAllByRole("listitem");
    expect(cards).toHaveLength(2);

    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(first.textContent).toContain("build-01");
    expect(within(first).getByText("Online")).not.toBeNull();
    expect(first.textContent).toContain("Linux · x64 · version 0.1.0");
    expect(first.textContent).toContain("Labels: docker, gpu");
    expect(within(first).getByRole("link", { name: "Deploy" }).getAttribute("href")).toBe("/workflows/runs/run-1");
    expect(within(first).getByRole("button", { name: "Revoke build-01" })).not.toBeNull();

    expect(within(second).getByText("Revoked")).not.toBeNull();
    expect(second.textContent).toContain("No labels");
    expect(within(second).queryByRole("button")).toBeNull();

    await user.click(within(first).getByRole("button", { name: "Edit build-01" }));
    expect(await screen.findByRole("dialog")).not.toBeNull();
  });

  it("says what to do when there is no runner yet", () => {
    showRunners([]);
    expect(screen.getAllByText("No runner yet. Register one, then Run now executes workflows on it.")).not.toHaveLength(
      0,
    );
  });
});
