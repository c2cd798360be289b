import { timezoneLabel } from "@flowdeck/shared/settings/options";

/** Says whose clock schedule times are read on, and where to change it. */
export function ClockNote({ timezone }: { timezone: string }) {
  return (
    <p className="text-xs text-gray-500 dark:text-gray-400">
      Times are on the organization's clock: {timezoneLabel(timezone)}
      {timezoneLabel(timezone) !== timezone && ` (${timezone})`}. Change it in the organization settings.
    </p>
  );
}
