import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "@/testing/render.tsx";
import { aRun } from "../testing/run-fixture.ts";
import { ApprovalPanel } from "./approval-panel.tsx";

const approval = {
  minRole: "admin" as const,
  memberIds: [],
  required: 2,
  expiresAt: "2026-11-29T09:00:00.000Z",
  note: "Ship 2.4 to production",
  requestedByToken: null,
  decisions: [
    {
      userId: "admin-1",
      name: "Ada Admin",
      decision: "approved" as const,
      comment: "Checked",
      at: "2026-11-28T10:00:00.000Z",
    },
  ],
};

const run = aRun({
  status: "awaiting-approval",
  requiredLabels: ["prod"],
  approval,
});

function show(person: { userId: string; role: "editor" | "admin" }) {
  return renderWithProviders(<ApprovalPanel orgId="org-1" run={run} approval={approval} person={person} />);
}

describe("the run view's approval panel", () => {
  it("shows who asked, the note, the target and the decisions, with Approve and Reject for an approver", () => {
    show({ userId: "admin-2", role: "admin" });
    expect(screen.getByText(/Eve Editor/)).toBeTruthy();
    expect(screen.getByText("Ship 2.4 to production")).toBeTruthy();
    expect(screen.getByText(/Linux, on a runner with the labels prod/)).toBeTruthy();
    expect(screen.getByText(/1 of 2 from admins and owners/)).toBeTruthy();
    expect(screen.getByRole("list", { name: "Decisions" }).textContent).toContain("Ada Admin approved");
    expect(screen.getByRole("button", { name: "Approve" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reject" })).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Comment" })).toBeTruthy();
  });

  it("offers no buttons to the one who asked, nor to one who approved already, nor below the role", () => {
    for (const person of [
      { userId: "editor-1", role: "editor" as const },
      { userId: "admin-1", role: "admin" as const },
      { userId: "editor-2", role: "editor" as const },
    ]) {
      const view = show(person);
      expect(screen.queryByRole("button", { name: "Approve" })).toBeNull();
      view.unmount();
    }
  });
});
