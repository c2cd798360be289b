import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useZodForm } from "@/lib/use-zod-form.ts";
import { renderWithProviders } from "@/testing/render.tsx";
import { emptyWorkflowForm, WorkflowFormSchema, type WorkflowFormValues } from "../lib/workflow-form-values.ts";
import { ScheduleFields } from "./schedule-fields.tsx";

/** The schedule part of the workflow form, in a form of its own holding these values. */
function ScheduleOf({ values }: { values: Partial<WorkflowFormValues> }) {
  const form = useZodForm(WorkflowFormSchema, {
    defaultValues: { ...emptyWorkflowForm(), scheduleEnabled: true, ...values },
  });
  return <ScheduleFields form={form} timezone="UTC" />;
}

function renderSchedule(values: Partial<WorkflowFormValues>) {
  renderWithProviders(<ScheduleOf values={values} />);
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
