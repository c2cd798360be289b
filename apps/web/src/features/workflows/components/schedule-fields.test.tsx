import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "@/testing/render.tsx";
import { emptyWorkflowForm, type WorkflowFormValues } from "../lib/workflow-form-values.ts";
import { ScheduleFields } from "./schedule-fields.tsx";

function renderSchedule(values: Partial<WorkflowFormValues>) {
  renderWithProviders(
    <ScheduleFields
      values={{ ...emptyWorkflowForm(), scheduleEnabled: true, ...values }}
      set={() => {}}
      errors={{}}
      timezone="UTC"
    />,
  );
}

describe("the workflow form's schedule", () => {
  it("warns, before saving, that a one-time moment already past will never run", () => {
    renderSchedule({ scheduleType: "once", date: "2020-01-06", time: "09:00" });
    expect(screen.getByText("No next run: that moment has passed.")).not.toBeNull();
  });

  it("shows the next run of a one-time moment still ahead", () => {
    renderSchedule({ scheduleType: "once", date: "2999-01-06", time: "09:00" });
    expect(screen.getByText(/^Next run: .*Jan 6, 2999, 09:00/)).not.toBeNull();
    expect(screen.queryByText("No next run: that moment has passed.")).toBeNull();
  });
});
