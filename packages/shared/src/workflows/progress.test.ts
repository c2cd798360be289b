import { describe, expect, it } from "vitest";
import { progressPercent, statusForProgress } from "./progress.ts";

describe("progressPercent (spec 9: completed / total, rounded)", () => {
  it.each([
    [0, 0, 0],
    [0, 3, 0],
    [1, 3, 33],
    [2, 3, 67],
    [3, 3, 100],
    [1, 8, 13],
    [99, 100, 99],
    [5, 3, 100],
  ])("%i of %i is %i %%", (completed, total, percent) => {
    expect(progressPercent(completed, total)).toBe(percent);
  });
});

describe("statusForProgress (spec 4: draft at 0 %, in-progress between, completed at 100 %)", () => {
  it.each([
    [0, 3, "none", "draft"],
    [0, 3, "under-way", "in-progress"],
    [1, 3, "none", "in-progress"],
    [2, 3, "under-way", "in-progress"],
    [0, 3, "ended", "active"],
    [2, 3, "ended", "active"],
    [3, 3, "none", "completed"],
    [3, 3, "under-way", "completed"],
    [3, 3, "ended", "completed"],
  ] as const)("%i of %i, run %s: %s", (completed, total, run, status) => {
    expect(statusForProgress(completed, total, run)).toBe(status);
  });
});
