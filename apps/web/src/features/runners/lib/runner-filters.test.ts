import type { Runner } from "@flowdeck/shared/runners/schemas";
import { describe, expect, it } from "vitest";
import { filterRunners, labelCounts, NO_RUNNER_FILTER } from "./runner-filters.ts";
import { aRunner } from "../testing/a-runner.ts";

const RUNNERS = [
  aRunner("web-1", { labels: ["web"], declaredLabels: ["eu"] }),
  aRunner("web-2", { declaredLabels: ["web"], online: false }),
  aRunner("db-1", { labels: ["db"], os: "windows" }),
];
const names = (runners: Runner[]) => runners.map((item) => item.name);

describe("the runners page's filters", () => {
  it("lets every runner through when nothing is chosen", () => {
    expect(names(filterRunners(RUNNERS, NO_RUNNER_FILTER))).toEqual(["web-1", "web-2", "db-1"]);
  });

  it("finds a label whether an admin set it or the runner declared it", () => {
    expect(names(filterRunners(RUNNERS, { ...NO_RUNNER_FILTER, label: "web" }))).toEqual(["web-1", "web-2"]);
    expect(names(filterRunners(RUNNERS, { ...NO_RUNNER_FILTER, label: "eu" }))).toEqual(["web-1"]);
  });

  it("combines the label with the platform and the state", () => {
    expect(names(filterRunners(RUNNERS, { label: "web", os: "", state: "online" }))).toEqual(["web-1"]);
    expect(names(filterRunners(RUNNERS, { label: "web", os: "", state: "offline" }))).toEqual(["web-2"]);
    expect(names(filterRunners(RUNNERS, { ...NO_RUNNER_FILTER, os: "windows" }))).toEqual(["db-1"]);
    expect(names(filterRunners(RUNNERS, { label: "db", os: "linux", state: "" }))).toEqual([]);
  });

  it("counts each label once per runner, by name", () => {
    const both = aRunner("both", { labels: ["web"], declaredLabels: ["web"] });
    expect(labelCounts([...RUNNERS, both])).toEqual([
      { label: "db", count: 1 },
      { label: "eu", count: 1 },
      { label: "web", count: 3 },
    ]);
  });
});
