import type { Runner, RunnerList as RunnerListData } from "@flowdeck/shared/runners/schemas";
import { screen, within } from "@testing-library/react";
import { FLOWDECK_VERSION } from "@flowdeck/shared/version";
import { describe, expect, it } from "vitest";
import { createTestQueryClient, renderWithProviders } from "@/testing/render.tsx";
import { runnerKeys } from "../api/runner-keys.ts";
import { RunnerList } from "./runner-list.tsx";
import { aRunner } from "../testing/a-runner.ts";

function showRunners(items: Runner[]) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(runnerKeys.list("org-1"), { items } satisfies RunnerListData);
  return renderWithProviders(<RunnerList orgId="org-1" />, { queryClient });
}

describe("the runner list on a phone", () => {
  it("draws a card per runner with its state, platform, labels, run and its own Edit and Revoke", async () => {
    const { user } = showRunners([
      aRunner("build-01", {
        labels: ["docker", "gpu"],
        currentRun: { id: "run-1", workflowId: "wf-1", workflowName: "Deploy", status: "running" },
      }),
      aRunner("old-box", { online: false, revokedAt: "2026-11-26T10:00:00.000Z" }),
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

  it("filters by label (each with its count), platform and state, and says when none matches", async () => {
    const { user } = showRunners([
      aRunner("web-1", { labels: ["web"], declaredLabels: ["eu"] }),
      aRunner("web-2", { declaredLabels: ["web"], online: false }),
      aRunner("db-1", { labels: ["db"], os: "windows" }),
    ]);
    const label = screen.getByRole("combobox", { name: "Label" });
    expect(
      within(label)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Any label", "db (1)", "eu (1)", "web (2)"]);

    await user.selectOptions(label, "web");
    const shown = within(screen.getByRole("list", { name: "2 of 3 runners" })).getAllByRole("listitem");
    expect(shown.map((card) => card.textContent)).toEqual([
      expect.stringContaining("Declared by the runner: eu"),
      expect.stringContaining("Declared by the runner: web"),
    ]);

    await user.selectOptions(screen.getByRole("combobox", { name: "State" }), "offline");
    expect(within(screen.getByRole("list", { name: "1 of 3 runners" })).getByText("web-2")).not.toBeNull();

    await user.selectOptions(screen.getByRole("combobox", { name: "Platform" }), "windows");
    expect(screen.getAllByText("No runner matches these filters.")).not.toHaveLength(0);
  });

  it("marks a runner older than this Flowdeck and says how to update it; a revoked one is left alone", () => {
    showRunners([
      aRunner("old-1", { version: "0.0.9" }),
      aRunner("gone", { version: "0.0.1", revokedAt: "2026-11-26T10:00:00.000Z" }),
      aRunner("current"),
    ]);
    const cards = within(screen.getByRole("list", { name: "3 runners" })).getAllByRole("listitem");
    expect(cards.map((card) => within(card).queryByText("Outdated") !== null)).toEqual([true, false, false]);
    const notice = screen.getByRole("status");
    expect(notice.textContent).toContain(`A runner is older than this Flowdeck (version ${FLOWDECK_VERSION})`);
    expect(notice.textContent).toContain("old-1.");
    expect(notice.textContent).not.toContain("gone");
    expect(notice.textContent).toContain(`npm install -g ${window.location.origin}/runner/flowdeck-runner.tgz`);
  });

  it("says what to do when there is no runner yet", () => {
    showRunners([]);
    expect(screen.getAllByText("No runner yet. Register one, then Run now executes workflows on it.")).not.toHaveLength(
      0,
    );
  });
});
