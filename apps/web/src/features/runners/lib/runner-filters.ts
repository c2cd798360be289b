import { labelsOfRunner } from "@flowdeck/shared/runners/labels";
import type { RunnerPlatform } from "@flowdeck/shared/runners/protocol";
import type { Runner } from "@flowdeck/shared/runners/schemas";

/** The Runners page's filters; an empty value lets every runner through. */
export type RunnerFilter = { label: string; os: RunnerPlatform | ""; state: "online" | "offline" | "" };

export const NO_RUNNER_FILTER: RunnerFilter = { label: "", os: "", state: "" };

export function isFiltering(filter: RunnerFilter): boolean {
  return filter.label !== "" || filter.os !== "" || filter.state !== "";
}

/** The runners that have the label (their own or declared), run the platform and are in the state. */
export function filterRunners(runners: readonly Runner[], filter: RunnerFilter): Runner[] {
  return runners.filter(
    (runner) =>
      (filter.label === "" || labelsOfRunner(runner).includes(filter.label)) &&
      (filter.os === "" || runner.os === filter.os) &&
      (filter.state === "" || (filter.state === "online") === runner.online),
  );
}

/** Each label any runner has, with how many runners have it, by name. */
export function labelCounts(runners: readonly Runner[]): { label: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const runner of runners) {
    for (const label of labelsOfRunner(runner)) counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return [...counts.entries()]
    .map(([label, count]) => ({ label, count }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
