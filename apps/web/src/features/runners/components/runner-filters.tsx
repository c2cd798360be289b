import { RUNNER_PLATFORMS } from "@flowdeck/shared/runners/protocol";
import type { Runner } from "@flowdeck/shared/runners/schemas";
import { TASK_PLATFORM_LABELS } from "@flowdeck/shared/tasks/constants";
import { SelectField } from "@/components/ui/select-field.tsx";
import { labelCounts, type RunnerFilter } from "../lib/runner-filters.ts";

/** Label (with how many runners have each), platform and online state: one row, wrapping on a phone. */
export function RunnerFilters({
  runners,
  filter,
  onChange,
}: {
  runners: readonly Runner[];
  filter: RunnerFilter;
  onChange: (filter: RunnerFilter) => void;
}) {
  const labels = labelCounts(runners);
  return (
    <div role="group" aria-label="Filter runners" className="grid gap-3 sm:grid-cols-3">
      <SelectField
        label="Label"
        value={filter.label}
        onChange={(event) => onChange({ ...filter, label: event.target.value })}
      >
        <option value="">Any label</option>
        {labels.map(({ label, count }) => (
          <option key={label} value={label}>
            {label} ({count})
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Platform"
        value={filter.os}
        onChange={(event) => onChange({ ...filter, os: event.target.value as RunnerFilter["os"] })}
      >
        <option value="">Any platform</option>
        {RUNNER_PLATFORMS.map((platform) => (
          <option key={platform} value={platform}>
            {TASK_PLATFORM_LABELS[platform]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="State"
        value={filter.state}
        onChange={(event) => onChange({ ...filter, state: event.target.value as RunnerFilter["state"] })}
      >
        <option value="">Online or offline</option>
        <option value="online">Online</option>
        <option value="offline">Offline</option>
      </SelectField>
    </div>
  );
}
