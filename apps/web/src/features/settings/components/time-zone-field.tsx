import { useMemo, useState } from "react";
import { SelectField } from "@/components/ui/select-field.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { matchingTimeZones, timeZoneOptions } from "../lib/time-zone-options.ts";
import type { SettingsField } from "./settings-details-fields.tsx";

/**
 * The organization's time zone: every IANA zone, the specification's eight first (decision 057),
 * in a native select that a search box above it narrows ("kolkata", "sydney", "+05:30"). The chosen
 * zone stays in the list whatever the search.
 */
export function TimeZoneField({ field, value }: { field: ReturnType<SettingsField>; value: string }) {
  const options = useMemo(() => timeZoneOptions(), []);
  const [query, setQuery] = useState("");
  const matches = matchingTimeZones(options, query);
  const current = options.find((option) => option.value === value);
  const shown = current && !matches.includes(current) ? [current, ...matches] : matches;
  return (
    <div className="space-y-2">
      <TextField
        label="Find a time zone"
        type="search"
        placeholder="City, region or UTC offset"
        autoComplete="off"
        spellCheck={false}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <p role="status" className="text-xs text-gray-500 dark:text-gray-400">
        {query.trim() ? `${matches.length} of ${options.length} time zones match` : ""}
      </p>
      <SelectField
        label="Timezone"
        required
        hint="Schedules run in this timezone, with daylight saving time."
        {...field}
      >
        {!current && <option value={value}>{value || "Select a timezone"}</option>}
        {shown.map((option) => (
          <option key={option.value} value={option.value}>
            {option.text}
          </option>
        ))}
        {matches.length === 0 && (
          <option disabled value="">
            No time zone matches “{query.trim()}”
          </option>
        )}
      </SelectField>
    </div>
  );
}
