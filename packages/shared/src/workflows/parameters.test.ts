import { describe, expect, it } from "vitest";
import {
  ParameterInputSchema,
  ParametersInputSchema,
  parameterEnvName,
  parameterEnvValue,
  parameterValuesSchema,
  type Parameter,
} from "./parameters.ts";

const declare = (input: Record<string, unknown>): Parameter => ParameterInputSchema.parse(input);

function issuesOf(result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) {
  return result.success ? [] : (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]);
}

const host = declare({ name: "host", label: "Host", type: "text", required: true, pattern: "web-\\d+" });
const count = declare({ name: "count", label: "Count", type: "number", min: 1, max: 9, integer: true, default: 3 });
const dryRun = declare({ name: "dry_run", label: "Dry run", type: "boolean" });
const notes = declare({ name: "notes", label: "Notes", type: "multiline" });
const region = declare({ name: "region", label: "Region", type: "choice", choices: ["eu", "us"], default: "eu" });
const zones = declare({ name: "zones", label: "Zones", type: "multichoice", choices: ["a", "b", "c"] });
const day = declare({ name: "day", label: "Day", type: "date" });
const all = [host, count, dryRun, notes, region, zones, day];
const schema = parameterValuesSchema(all);

describe("a run's values, built from the declaration", () => {
  it("applies the defaults and gives every parameter a value, in order", () => {
    expect(schema.parse({ host: "web-1" })).toEqual({
      host: "web-1",
      count: 3,
      dry_run: false,
      notes: null,
      region: "eu",
      zones: null,
      day: null,
    });
  });

  it("keeps each valid value of each type", () => {
    const values = {
      host: "web-12",
      count: 9,
      dry_run: true,
      notes: "line one\nline two",
      region: "us",
      zones: ["a", "c"],
      day: "2026-02-28",
    };
    expect(schema.parse(values)).toEqual(values);
  });

  it("reads numbers and booleans written as text (a form, a script)", () => {
    expect(schema.parse({ host: "web-1", count: "4", dry_run: "true" })).toMatchObject({ count: 4, dry_run: true });
  });

  it.each([
    [{}, "host", "Host is required"],
    [{ host: "" }, "host", "Host is required"],
    [{ host: "db-1" }, "host", "Host must match the pattern web-\\d+"],
    [{ host: "web-1; rm" }, "host", "Host must match the pattern web-\\d+"],
    [{ host: 7 }, "host", "Host must be text"],
    [{ host: "web-1", count: 0 }, "count", "Count must be at least 1"],
    [{ host: "web-1", count: 10 }, "count", "Count must be at most 9"],
    [{ host: "web-1", count: 2.5 }, "count", "Count must be a whole number"],
    [{ host: "web-1", count: "many" }, "count", "Count must be a number"],
    [{ host: "web-1", dry_run: "yes" }, "dry_run", "Dry run must be true or false"],
    [{ host: "web-1", notes: "x".repeat(10_001) }, "notes", "Notes must be at most 10000 characters"],
    [{ host: "web-1", region: "asia" }, "region", "Region must be one of: eu, us"],
    [{ host: "web-1", zones: ["a", "d"] }, "zones", "Zones must be a list of: a, b, c"],
    [{ host: "web-1", zones: "a" }, "zones", "Zones must be a list of: a, b, c"],
    [{ host: "web-1", zones: ["a", "a"] }, "zones", "Zones lists a choice twice"],
    [{ host: "web-1", day: "2026-02-30" }, "day", "Day must be a date like 2026-12-31"],
    [{ host: "web-1", day: "28/02/2026" }, "day", "Day must be a date like 2026-12-31"],
    [{ host: "web-1", other: "x" }, "other", "other is not a parameter of this workflow"],
  ])("refuses %o, naming %s", (values, field, message) => {
    expect(issuesOf(schema.safeParse(values))).toEqual([[field, message]]);
  });

  it("matches a pattern against the whole value", () => {
    const short = parameterValuesSchema([declare({ name: "v", type: "text", pattern: "\\d" })]);
    expect(short.safeParse({ v: "1" }).success).toBe(true);
    expect(short.safeParse({ v: "12" }).success).toBe(false);
  });

  it("a text is one line", () => {
    expect(issuesOf(schema.safeParse({ host: "web-1\nweb-2" }))).toEqual([["host", "Host must be one line"]]);
  });
});

describe("a declaration", () => {
  it("keeps only the fields its type uses; the label defaults to the name", () => {
    expect(declare({ name: "n", type: "text", min: 1, choices: ["a"], integer: true })).toEqual({
      name: "n",
      label: "n",
      help: "",
      type: "text",
      required: false,
    });
  });

  it.each([
    [
      { name: "Host", type: "text" },
      "name",
      "A parameter name is lower_snake_case: a letter, then letters, digits or _",
    ],
    [
      { name: "1host", type: "text" },
      "name",
      "A parameter name is lower_snake_case: a letter, then letters, digits or _",
    ],
    [
      { name: "host", type: "string" },
      "type",
      "A parameter's type is one of text, multiline, number, boolean, choice, multichoice, date",
    ],
    [{ name: "c", type: "choice" }, "choices", "A choice parameter needs at least one choice"],
    [{ name: "c", type: "multichoice", choices: ["a", "a"] }, "choices", "Each choice must be different"],
    [{ name: "p", type: "text", pattern: "(" }, "pattern", "The pattern is not a valid regular expression"],
    [
      { name: "p", type: "text", pattern: "(a+)+$" },
      "pattern",
      "The pattern repeats a group that repeats itself (like (a+)+): checking a value could take very long",
    ],
    [{ name: "p", type: "text", pattern: "a".repeat(201) }, "pattern", "A pattern is at most 200 characters"],
    [{ name: "n", type: "number", min: 5, max: 1 }, "min", "The minimum must not be greater than the maximum"],
    [{ name: "n", type: "number", max: 9, default: 10 }, "default", "The default is not valid: n must be at most 9"],
    [
      { name: "n", type: "number", integer: true, default: 1.5 },
      "default",
      "The default is not valid: n must be a whole number",
    ],
    [
      { name: "c", type: "choice", choices: ["a"], default: "b" },
      "default",
      "The default is not valid: c must be one of: a",
    ],
    [
      { name: "t", type: "text", pattern: "\\d+", default: "x" },
      "default",
      "The default is not valid: t must match the pattern \\d+",
    ],
    [
      { name: "d", type: "date", default: "tomorrow" },
      "default",
      "The default is not valid: d must be a date like 2026-12-31",
    ],
  ])("refuses %o at %s", (input, field, message) => {
    expect(issuesOf(ParameterInputSchema.safeParse(input))).toEqual([[field, message]]);
  });

  it("names each parameter once, and a workflow has a bounded number", () => {
    const twice = ParametersInputSchema.safeParse([
      { name: "host", type: "text" },
      { name: "host", type: "number" },
    ]);
    expect(issuesOf(twice)).toEqual([["1.name", "Another parameter is already named host"]]);
    const many = Array.from({ length: 31 }, (_, index) => ({ name: `p${index}`, type: "text" }));
    expect(issuesOf(ParametersInputSchema.safeParse(many))).toEqual([
      ["", "A workflow can have at most 30 parameters"],
    ]);
  });
});

describe("a value in a step's environment", () => {
  it("is named FLOWDECK_PARAM_<NAME> and written as text", () => {
    expect(parameterEnvName("dry_run")).toBe("FLOWDECK_PARAM_DRY_RUN");
    expect(parameterEnvValue(true)).toBe("true");
    expect(parameterEnvValue(false)).toBe("false");
    expect(parameterEnvValue(2.5)).toBe("2.5");
    expect(parameterEnvValue(["a", "c"])).toBe("a\nc");
    expect(parameterEnvValue("2026-02-28")).toBe("2026-02-28");
    expect(parameterEnvValue(null)).toBe("");
  });
});
