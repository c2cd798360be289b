import type { WorkflowHealth } from "@flowdeck/shared/runs/history";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { workflowKeys } from "@/features/workflows/api/workflow-keys.ts";
import { createTestQueryClient, renderWithProviders } from "@/testing/render.tsx";
import { WorkflowHealthPanel } from "./workflow-health.tsx";

type Item = WorkflowHealth["items"][number];

function item(name: string, values: Partial<Item>): Item {
  return {
    workflowId: name,
    name,
    lastStatus: "succeeded",
    lastRunAt: "2026-11-27T10:00:00.000Z",
    ended: 0,
    succeeded: 0,
    successRate: null,
    ...values,
  };
}

function showHealth(items: Item[]) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData([...workflowKeys.all("org-1"), "health"], { items } satisfies WorkflowHealth);
  renderWithProviders(<WorkflowHealthPanel orgId="org-1" />, { queryClient });
  return (name: string) => screen.getByRole("link", { name }).closest("li")!;
}

describe("the workflow health panel", () => {
  it("counts the runs that succeeded out of those that ended", () => {
    const row = showHealth([
      item("Deploy", { ended: 4, succeeded: 4, successRate: 100 }),
      item("Backup", { lastStatus: "failed", ended: 3, succeeded: 2, successRate: 67 }),
      item("Rotate", { ended: 1, succeeded: 1, successRate: 100 }),
    ]);
    expect(row("Deploy").textContent).toContain("4 of 4 runs succeeded");
    expect(row("Backup").textContent).toContain("2 of 3 runs succeeded");
    expect(row("Rotate").textContent).toContain("1 of 1 run succeeded");
    expect(screen.queryByText(/%/)).toBeNull();
  });

  it("says the last run was cancelled when no run ended otherwise", () => {
    const row = showHealth([
      item("Cleanup", { lastStatus: "cancelled" }),
      item("Fresh", { lastStatus: null, lastRunAt: null }),
      item("Long", { lastStatus: "running" }),
    ]);
    expect(row("Cleanup").textContent).toContain("Last run cancelled");
    expect(within(row("Cleanup")).queryByText("Cancelled")).toBeNull();
    expect(row("Fresh").textContent).toContain("Never run");
    expect(row("Long").textContent).toContain("No runs ended in 30 days");
    expect(screen.queryByText(/No ended runs/)).toBeNull();
  });
});
