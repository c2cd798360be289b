import type { WorkflowStats } from "@flowdeck/shared/workflows/schemas";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "@/testing/render.tsx";
import { WorkflowStatCards } from "./workflow-stat-cards.tsx";

/** The figure and the hint under a card's label. */
function card(label: string): string[] {
  const term = screen.getByText(label, { selector: "dt" });
  return within(term.closest("dl")!)
    .getAllByRole("definition")
    .map((value) => value.textContent ?? "");
}

describe("the workflow statistics", () => {
  it("count the workflows under way and finished, so the cards add up to the total", () => {
    // Seven busy workflows: none is active or draft any more (issue 15 saw "Active 0, Draft 0" and nothing else).
    const stats: WorkflowStats = {
      total: 7,
      byStatus: { draft: 0, active: 0, "in-progress": 4, completed: 3 },
      recentlyCreated: 7,
      overdue: 1,
      averageProgress: 64,
      totalCommands: 21,
    };
    renderWithProviders(<WorkflowStatCards stats={stats} loading={false} />);
    expect(card("Total Workflows")).toEqual(["7", "4 in progress · 3 completed · 1 overdue"]);
    expect(card("Active")).toEqual(["0"]);
    expect(card("Draft")).toEqual(["0"]);
    expect(card("Total Commands")).toEqual(["21", "Average progress 64%"]);
  });

  it("leave out the overdue count when nothing is overdue", () => {
    const stats: WorkflowStats = {
      total: 3,
      byStatus: { draft: 1, active: 1, "in-progress": 1, completed: 0 },
      recentlyCreated: 0,
      overdue: 0,
      averageProgress: 0,
      totalCommands: 0,
    };
    renderWithProviders(<WorkflowStatCards stats={stats} loading={false} />);
    expect(card("Total Workflows")).toEqual(["3", "1 in progress · 0 completed"]);
  });

  it("show a dash, not a zero, when the statistics could not be read", () => {
    renderWithProviders(<WorkflowStatCards stats={undefined} loading={false} />);
    expect(card("Total Workflows")).toEqual(["—"]);
    expect(card("Active")).toEqual(["—"]);
  });
});
