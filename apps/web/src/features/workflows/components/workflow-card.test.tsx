import type { Workflow } from "@flowdeck/shared/workflows/schemas";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "@/testing/render.tsx";
import { daily, workflow } from "../testing/workflow-fixture.ts";
import { WorkflowCard } from "./workflow-card.tsx";

const now = new Date("2026-11-25T12:00:00Z");

function renderCard(item: Workflow) {
  renderWithProviders(
    <WorkflowCard
      orgId="org-1"
      workflow={item}
      timezone="UTC"
      now={now}
      view="grid"
      canEdit={false}
      renderRuns={() => null}
      onEdit={() => {}}
      onDelete={() => {}}
      onNotice={() => {}}
    />,
  );
  return screen.getByRole("article", { name: item.name });
}

/** The text after a card's "Label:" term. */
function meta(card: HTMLElement, label: string): string | null {
  const term = within(card).queryByText(`${label}:`, { selector: "dt" });
  return term?.nextElementSibling?.textContent ?? null;
}

describe("a workflow card says what the scheduler decided", () => {
  it("shows the due runs skipped while a run was under way, and when the last was", () => {
    const card = renderCard(workflow({ skippedRuns: 2, lastSkippedAt: "2026-11-25T02:30:00.000Z" }));
    expect(meta(card, "Skipped")).toBe("2 due runs while a run was under way, last Wed, Nov 25, 2026, 02:30 UTC");
    expect(within(card).getByText("Wed, Nov 25, 2026, 02:30 UTC", { selector: "time" }).getAttribute("datetime")).toBe(
      "2026-11-25T02:30:00.000Z",
    );
  });

  it("says one skipped run in the singular, and nothing when none was skipped", () => {
    const card = renderCard(workflow({ skippedRuns: 1, lastSkippedAt: "2026-11-24T02:30:00.000Z" }));
    expect(meta(card, "Skipped")).toMatch(/^1 due run while a run was under way, last /);
  });

  it("has no skipped line when the scheduler skipped nothing", () => {
    const card = renderCard(workflow({}));
    expect(meta(card, "Skipped")).toBeNull();
    expect(meta(card, "Next run")).toBe("Thu, Nov 26, 2026, 02:30 UTC");
  });

  it("warns that an active one-time schedule whose moment has passed will not run", () => {
    const once: Workflow["schedule"] = { ...daily, type: "once", date: "2026-11-01", time: "09:00" };
    const card = renderCard(workflow({ schedule: once, nextExecution: null }));
    expect(meta(card, "Next run")).toBe("None: the one-time run's moment has passed");
    expect(meta(card, "Schedule")).toBe("Once on Nov 1, 2026 at 09:00");
  });

  it("says a next run already past is due, and waits while a run is under way", () => {
    const past = { nextExecution: "2026-11-25T02:30:00.000Z" };
    const card = renderCard(workflow({ ...past, status: "in-progress" }));
    expect(meta(card, "Next run")).toBe("Wed, Nov 25, 2026, 02:30 UTC · Due, waits until the run under way ends");
  });

  it("says a cron schedule in words once the cron libraries have loaded, its expression until then", async () => {
    const cron: Workflow["schedule"] = { ...daily, type: "cron", expression: "30 2 * * 1" };
    const card = renderCard(workflow({ schedule: cron }));
    expect(meta(card, "Schedule")).toMatch(/^(Cron 30 2 \* \* 1|At 02:30, only on Monday)$/);
    expect(await within(card).findByText("At 02:30, only on Monday")).toBeTruthy();
  });
});
