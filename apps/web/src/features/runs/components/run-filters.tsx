import { RUN_STATUSES, RUN_STATUS_LABELS, RUN_TRIGGER_LABELS, RUN_TRIGGERS } from "@flowdeck/shared/runs/constants";
import type { ReactNode } from "react";
import { SelectField } from "@/components/ui/select-field.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { useHistoryRunners } from "../api/get-history-runners.ts";
import type { HistoryFilters } from "../api/get-run-history.ts";

export const NO_FILTERS: HistoryFilters = { status: "", trigger: "", runnerId: "", from: "", to: "" };

type FilterChange = (key: keyof HistoryFilters, value: string) => void;

/**
 * The run history's filters: status, trigger, runner and a range of days. `before` goes first
 * in the same grid (the Runs page's workflow filter).
 */
export function RunFilters({
  orgId,
  filters,
  onChange,
  before,
}: {
  orgId: string;
  filters: HistoryFilters;
  onChange: FilterChange;
  before?: ReactNode;
}) {
  const set = (key: keyof HistoryFilters) => (event: { target: { value: string } }) =>
    onChange(key, event.target.value);
  return (
    <div className={`grid gap-3 sm:grid-cols-2 ${before ? "lg:grid-cols-6" : "lg:grid-cols-5"}`}>
      {before}
      <SelectField label="Status" value={filters.status} onChange={set("status")}>
        <option value="">Any status</option>
        {RUN_STATUSES.map((status) => (
          <option key={status} value={status}>
            {RUN_STATUS_LABELS[status]}
          </option>
        ))}
      </SelectField>
      <SelectField label="Trigger" value={filters.trigger} onChange={set("trigger")}>
        <option value="">Any trigger</option>
        {RUN_TRIGGERS.map((trigger) => (
          <option key={trigger} value={trigger}>
            {RUN_TRIGGER_LABELS[trigger]}
          </option>
        ))}
      </SelectField>
      <RunnerFilter orgId={orgId} value={filters.runnerId} onChange={set("runnerId")} />
      <TextField label="From" type="date" value={filters.from} onChange={set("from")} />
      <TextField label="To" type="date" value={filters.to} onChange={set("to")} />
    </div>
  );
}

/** The organization's runners, revoked ones too (their runs stay in the history). */
function RunnerFilter({
  orgId,
  value,
  onChange,
}: {
  orgId: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
}) {
  const runners = useHistoryRunners(orgId);
  return (
    <SelectField
      label="Runner"
      value={value}
      onChange={onChange}
      hint={runners.isError ? "The runners could not be loaded." : undefined}
    >
      <option value="">Any runner</option>
      {runners.data?.items.map((runner) => (
        <option key={runner.id} value={runner.id}>
          {runner.revoked ? `${runner.name} (revoked)` : runner.name}
        </option>
      ))}
    </SelectField>
  );
}
