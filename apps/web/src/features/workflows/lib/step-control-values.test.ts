import { describe, expect, it } from "vitest";
import { step } from "../testing/workflow-fixture.ts";
import { stepControlFromForm, stepControlToForm } from "./step-control-values.ts";

describe("a step's retry and 'Run this step' in the workflow form", () => {
  it("round-trips a stored retry policy and a parameter condition", () => {
    const stored = step({
      taskId: "task-1",
      retry: { attempts: 2, delaySeconds: 5, backoff: "doubling", onExitCodes: [75, 2] },
      runIf: { parameter: "env", equals: "prod" },
    });
    const values = stepControlToForm([stored])["task-1"];
    expect(values).toMatchObject({ retryAttempts: "2", exitCodes: "75, 2", runIf: "parameter", runIfEquals: "prod" });
    expect(stepControlFromForm(values)).toEqual({ retry: stored.retry, runIf: stored.runIf });
  });

  it("sends no retry at 0 attempts and the default condition for an untouched step", () => {
    expect(stepControlFromForm(undefined)).toEqual({ retry: null, runIf: "success" });
  });
});
