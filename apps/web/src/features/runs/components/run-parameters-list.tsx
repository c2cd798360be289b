import type { LastRun } from "@flowdeck/shared/runs/schemas";
import { parameterValueText, runParameters } from "../lib/parameter-text.ts";

/** The values a run was given, with the labels they had then (decision 061); nothing without any. */
export function RunParametersList({ run }: { run: Pick<LastRun, "parameters" | "parameterLabels"> }) {
  const items = runParameters(run);
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="run-parameters" className="rounded-lg border border-gray-200 p-3 dark:border-gray-800">
      <h2 id="run-parameters" className="text-sm font-medium">
        Parameters
      </h2>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        {items.map((item) => (
          <div key={item.name} className="contents">
            <dt className="text-gray-600 dark:text-gray-400">{item.label}</dt>
            <dd className="font-mono text-xs whitespace-pre-wrap wrap-anywhere sm:text-sm">
              {parameterValueText(item.value)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
