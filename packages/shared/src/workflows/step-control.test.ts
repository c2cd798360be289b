import { describe, expect, it } from "vitest";
import {
  capOutputs,
  decideRunIf,
  outputEnvName,
  parseOutputFile,
  retryDelaySeconds,
  RetryPolicySchema,
  shouldRetry,
} from "./step-control.ts";

describe("parseOutputFile", () => {
  it("reads key=value lines, keeping '=' in values and the last of a repeated key", () => {
    expect(parseOutputFile("version=1.2.3\nurl=https://x/?a=b\nversion=2\n\n")).toEqual({
      values: { version: "2", url: "https://x/?a=b" },
      problems: [],
    });
  });

  it("reads GitHub's multi-line form, with CRLF line ends too", () => {
    const text = "notes<<EOF\r\nline one\r\n\r\nline=three\r\nEOF\r\nafter=yes\r\n";
    expect(parseOutputFile(text).values).toEqual({ notes: "line one\n\nline=three", after: "yes" });
  });

  it("reports lines that are neither, invalid names and an unclosed block", () => {
    const parsed = parseOutputFile("just text\n1bad=x\nok=1\nopen<<END\nno end");
    expect(parsed.values).toEqual({ ok: "1" });
    expect(parsed.problems).toEqual([
      "line 1: expected name=value or name<<DELIMITER",
      'line 2: "1bad" is not a valid output name',
      'line 4: no closing "END" for "open"',
    ]);
  });

  it("names the variable a later step reads", () => {
    expect(outputEnvName(0, "version")).toBe("FLOWDECK_OUTPUT_STEP1_VERSION");
  });
});

describe("capOutputs", () => {
  it("keeps whole values in order until the room runs out, then none after", () => {
    expect(capOutputs({ a: "12345", b: "1234567890", c: "1" }, 10)).toEqual({
      kept: { a: "12345" },
      dropped: ["b", "c"],
      used: 6,
    });
  });
});

describe("the retry delay and policy", () => {
  const policy = RetryPolicySchema.parse({ attempts: 3, delaySeconds: 5, backoff: "doubling" });

  it("waits the same each time when fixed, and doubles from the delay when doubling", () => {
    expect([1, 2, 3].map((retry) => retryDelaySeconds({ delaySeconds: 5, backoff: "fixed" }, retry))).toEqual([
      5, 5, 5,
    ]);
    expect([1, 2, 3].map((retry) => retryDelaySeconds(policy, retry))).toEqual([5, 10, 20]);
    expect(retryDelaySeconds({ delaySeconds: 3000, backoff: "doubling" }, 5)).toBe(3600);
  });

  it("retries until the attempts are used, and only on the listed exit codes when there are any", () => {
    expect([1, 2, 3, 4].map((made) => shouldRetry(policy, made, 1))).toEqual([true, true, true, false]);
    expect(shouldRetry(null, 1, 1)).toBe(false);
    const limited = RetryPolicySchema.parse({ attempts: 2, onExitCodes: [75] });
    expect([shouldRetry(limited, 1, 75), shouldRetry(limited, 1, 1), shouldRetry(limited, 1, null)]).toEqual([
      true,
      false,
      false,
    ]);
  });
});

describe("decideRunIf", () => {
  const none = () => undefined;
  const clean = { anyFailed: false, runFailed: false };
  const failed = { anyFailed: true, runFailed: true };
  const continued = { anyFailed: true, runFailed: false };

  it("runs a default step while nothing failed the run, even after a step that continued on error", () => {
    expect(decideRunIf("success", clean, none)).toEqual({ run: true });
    expect(decideRunIf("success", continued, none)).toEqual({ run: true });
    expect(decideRunIf("success", failed, none)).toEqual({ run: false, reason: "an earlier step failed" });
  });

  it("runs a failure step only after a failure, and an always step whatever happened", () => {
    expect(decideRunIf("failure", clean, none)).toEqual({ run: false, reason: "no earlier step failed" });
    expect(decideRunIf("failure", continued, none)).toEqual({ run: true });
    expect(decideRunIf("always", failed, none)).toEqual({ run: true });
  });

  it("runs a parameter step only on the value, and never after a failure", () => {
    const env = (name: string) => (name === "env" ? "prod" : undefined);
    expect(decideRunIf({ parameter: "env", equals: "prod" }, clean, env)).toEqual({ run: true });
    expect(decideRunIf({ parameter: "env", equals: "staging" }, clean, env)).toEqual({
      run: false,
      reason: "env is not staging",
    });
    expect(decideRunIf({ parameter: "env", equals: "prod" }, failed, env).run).toBe(false);
  });
});
