import {
  ENABLED_SCHEDULE_TYPES,
  MAX_DAY_OF_MONTH,
  SCHEDULE_TYPE_LABELS,
  WEEKDAYS,
} from "@flowdeck/shared/workflows/constants";
import { CRON_EXAMPLE } from "@flowdeck/shared/workflows/cron";
import { formatRelativeTime } from "@flowdeck/shared/workflows/relative-time";
import { nextExecution } from "@flowdeck/shared/workflows/schedule";
import { ScheduleInputSchema } from "@flowdeck/shared/workflows/schemas";
import { CalendarClock } from "lucide-react";
import { SelectField } from "@/components/ui/select-field.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { formatNextRun } from "../lib/format.ts";
import { ClockNote } from "./clock-note.tsx";
import { CronPreview } from "./cron-preview.tsx";
import { ScheduleParametersFields } from "./schedule-parameters-fields.tsx";
import { useNow } from "../lib/use-now.ts";
import { formSchedule, type WorkflowForm, type WorkflowFormValues } from "../lib/workflow-form-values.ts";

type ScheduleFieldsProps = {
  form: WorkflowForm;
  /** The organization's IANA timezone, once known. */
  timezone: string | undefined;
};

const DAYS_OF_MONTH = Array.from({ length: MAX_DAY_OF_MONTH }, (_, index) => String(index + 1));

/**
 * Spec 5's schedule: enabled or not; once (date and time), daily (time), weekly (day and time),
 * monthly (day 1–28 and time) or cron (five fields), all on the organization's clock, with the
 * next run it will produce (the next five, in words, for cron).
 */
export function ScheduleFields({ form, timezone }: ScheduleFieldsProps) {
  const values = form.watch();
  const type = values.scheduleType;
  return (
    <fieldset className="space-y-3 rounded-lg border border-gray-200 p-4 dark:border-gray-800">
      <legend className="px-1 text-sm font-medium text-gray-700 dark:text-gray-200">Schedule</legend>
      <label className="flex items-center gap-2.5 text-sm text-gray-800 dark:text-gray-200">
        <input type="checkbox" className="size-4 accent-indigo-600" {...form.register("scheduleEnabled")} />
        Run on a schedule
      </label>
      {values.scheduleEnabled && (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <SelectField label="Repeats" {...form.register("scheduleType")}>
            {ENABLED_SCHEDULE_TYPES.map((option) => (
              <option key={option} value={option}>
                {SCHEDULE_TYPE_LABELS[option]}
              </option>
            ))}
          </SelectField>
          {type === "once" && (
            <TextField label="Date" type="date" error={form.errorOf("date")} {...form.register("date")} />
          )}
          {type === "weekly" && (
            <SelectField label="Day of week" error={form.errorOf("dayOfWeek")} {...form.register("dayOfWeek")}>
              {WEEKDAYS.map((day, index) => (
                <option key={day} value={String(index)}>
                  {day}
                </option>
              ))}
            </SelectField>
          )}
          {type === "monthly" && (
            <SelectField label="Day of month" error={form.errorOf("dayOfMonth")} {...form.register("dayOfMonth")}>
              {DAYS_OF_MONTH.map((day) => (
                <option key={day} value={day}>
                  {day}
                </option>
              ))}
            </SelectField>
          )}
          {type === "cron" ? (
            <TextField
              label="Cron expression"
              className="sm:col-span-2"
              error={form.errorOf("expression")}
              placeholder={CRON_EXAMPLE}
              autoComplete="off"
              spellCheck={false}
              hint="Minute, hour, day of month, month, day of week"
              {...form.register("expression")}
            />
          ) : (
            <TextField label="Time" type="time" error={form.errorOf("time")} {...form.register("time")} />
          )}
        </div>
      )}
      {values.scheduleEnabled && type === "cron" && timezone ? (
        <CronPreview expression={values.expression} timezone={timezone} />
      ) : (
        <SchedulePreview values={values} timezone={timezone} />
      )}
      {values.scheduleEnabled && <ScheduleParametersFields form={form} />}
    </fieldset>
  );
}

/** The next run the schedule will produce, before it is saved. */
function SchedulePreview({ values, timezone }: { values: WorkflowFormValues; timezone: string | undefined }) {
  const now = useNow();
  let text: string;
  let next: Date | null = null;
  if (!values.scheduleEnabled) {
    text = "Manual: it runs when someone clicks Run now.";
  } else if (!timezone) {
    text = "Loading the organization's timezone…";
  } else {
    const parsed = ScheduleInputSchema.safeParse(formSchedule(values));
    next = parsed.success ? nextExecution(parsed.data, { now, timezone }) : null;
    text = !parsed.success
      ? "Fill in the schedule to see its next run."
      : next
        ? `Next run: ${formatNextRun(next.toISOString(), timezone)}, ${formatRelativeTime(next, now)}`
        : "No next run: that moment has passed.";
  }
  return (
    <div className="space-y-1">
      <p
        aria-live="polite"
        className="flex items-start gap-2 rounded-md bg-indigo-50 px-3 py-2 text-sm text-indigo-900 dark:bg-indigo-500/10 dark:text-indigo-200"
      >
        <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>{text}</span>
      </p>
      {values.scheduleEnabled && timezone && <ClockNote timezone={timezone} />}
    </div>
  );
}
