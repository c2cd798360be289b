import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  getLogs,
  getRun,
  queueRun,
  registerRunner,
  startFlowdeck,
  textOf,
  type Flowdeck,
  type StepSpec,
} from "../helpers/flowdeck-server.ts";
import { ProcessTracker } from "../helpers/processes.ts";
import { startRunner } from "../helpers/runner-cli.ts";

/**
 * Steps that retry and branch, and step outputs (decision 072), with the real runner program
 * against the real server: the retry policy and "Run this step" are saved through the workflow API.
 */
const processes = new ProcessTracker();
let flowdeck: Flowdeck;
let configDir: string;
const TOKEN = "tok-9f8e7d6c5b4a-secret-value";

beforeAll(async () => {
  flowdeck = await startFlowdeck();
  configDir = await mkdtemp(path.join(os.tmpdir(), "flowdeck-step-control-"));
  expect((await registerRunner(flowdeck, configDir)).code).toBe(0);
  const { client, organizationId } = flowdeck.owner;
  const saved = await client.put(`/api/orgs/${organizationId}/secrets/API_TOKEN`, { value: TOKEN, description: "" });
  expect(saved.status).toBe(201);
});
afterEach(() => processes.killAll());
afterAll(async () => {
  await flowdeck.close();
  await rm(configDir, { recursive: true, force: true });
});

/** Queues a run of `steps`, lets the runner execute it once, and answers the run and its log. */
async function execute(steps: StepSpec[], options: Parameters<typeof queueRun>[2] = {}) {
  const runId = await queueRun(flowdeck, steps, options);
  const runner = startRunner(["start", "--config", configDir, "--once"]);
  processes.track(runner.pid);
  expect(await runner.exited).toBe(0);
  const { client, organizationId } = flowdeck.owner;
  return { run: await getRun(client, organizationId, runId), logs: await getLogs(client, organizationId, runId) };
}

/** Fails until its third attempt in the run's working directory, which the attempts share. */
const FAILS_TWICE =
  'n=$(( $(cat count 2>/dev/null || echo 0) + 1 )); echo $n > count; echo "attempt $n"; test $n -ge 3';

describe("retries on the real runner", () => {
  it("runs a step that fails twice three times, after its delay, and the run succeeds showing three attempts", async () => {
    const { run, logs } = await execute([
      { linux: FAILS_TWICE, retry: { attempts: 2, delaySeconds: 1, backoff: "fixed" } },
      'echo "after"',
    ]);
    expect(run.status).toBe("succeeded");
    const [first] = run.steps;
    expect(first!.status).toBe("succeeded");
    expect(first!.attempts.map((attempt) => attempt.exitCode)).toEqual([1, 1, 0]);
    // The delay is kept between attempts.
    const gap = Date.parse(first!.attempts[1]!.startedAt) - Date.parse(first!.attempts[0]!.endedAt);
    expect(gap).toBeGreaterThanOrEqual(900);
    expect(textOf(logs, 0, "stdout")).toBe("attempt 1\nattempt 2\nattempt 3\n");
    const system = textOf(logs, 0, "system");
    expect(system).toContain("Attempt 1 of 3.");
    expect(system).toContain("Attempt 1 failed with exit code 1; trying again in 1 s.");
    expect(system).toContain("Attempt 3 of 3.");
  });

  it("retries only on the listed exit codes, and ends failed when the attempts run out", async () => {
    const { run, logs } = await execute([
      { linux: "exit 3", continueOnError: true, retry: { attempts: 3, delaySeconds: 0, onExitCodes: [2] } },
      { linux: 'echo "try"; exit 2', retry: { attempts: 2, delaySeconds: 0, onExitCodes: [2, 75] } },
    ]);
    expect(run.status).toBe("failed");
    expect(run.steps[0]!.attempts.map((attempt) => attempt.exitCode)).toEqual([3]);
    expect(textOf(logs, 0, "system")).toContain("Exit code 3 is not one to retry on.");
    expect(run.steps[1]!.attempts.map((attempt) => attempt.exitCode)).toEqual([2, 2, 2]);
    expect(textOf(logs, 1, "stdout")).toBe("try\ntry\ntry\n");
  });
});

describe("when a step runs, on the real runner", () => {
  it("runs an 'after a failure' and an 'always' step after a failure, skips the rest, and the run still fails", async () => {
    const { run, logs } = await execute([
      "echo first",
      "exit 5",
      "echo never",
      { linux: "echo handling the failure", runIf: "failure" },
      { linux: "echo cleaning up", runIf: "always" },
    ]);
    expect(run.status).toBe("failed");
    expect(run.steps.map((step) => step.status)).toEqual(["succeeded", "failed", "skipped", "succeeded", "succeeded"]);
    expect(run.steps[2]!.skipReason).toBe("an earlier step failed");
    expect(textOf(logs, 2, "system")).toBe("Skipped: an earlier step failed.\n");
    expect(textOf(logs, 3, "stdout")).toBe("handling the failure\n");
    expect(textOf(logs, 4, "stdout")).toBe("cleaning up\n");
  });

  it("skips an 'after a failure' step when nothing failed, and a step whose parameter has another value, saying why", async () => {
    const { run, logs } = await execute(
      [
        "echo first",
        { linux: "echo on failure", runIf: "failure" },
        { linux: "echo deploying to prod", runIf: { parameter: "env", equals: "prod" } },
        { linux: 'echo "deploying to $FLOWDECK_PARAM_ENV"', runIf: { parameter: "env", equals: "staging" } },
      ],
      {
        parameters: [{ name: "env", label: "Environment", type: "text", required: true }],
        values: { env: "staging" },
      },
    );
    expect(run.status).toBe("succeeded");
    expect(run.steps.map((step) => [step.status, step.skipReason])).toEqual([
      ["succeeded", null],
      ["skipped", "no earlier step failed"],
      ["skipped", "env is not prod"],
      ["succeeded", null],
    ]);
    expect(textOf(logs, 2, "system")).toBe("Skipped: env is not prod.\n");
    expect(textOf(logs, 3, "stdout")).toBe("deploying to staging\n");
  });

  it("runs an 'always' step after a step's own timeout, and the run ends timed out", async () => {
    const { run } = await execute([
      { linux: "sleep 300", timeoutSeconds: 1 },
      { linux: "echo cleaning up", runIf: "always" },
    ]);
    expect(run.status).toBe("timed-out");
    expect(run.steps.map((step) => step.status)).toEqual(["timed-out", "succeeded"]);
  });
});

describe("step outputs on the real runner", () => {
  it("gives a step's outputs to later steps as FLOWDECK_OUTPUT_<STEP>_<KEY> and lists them in the run's outputs", async () => {
    const { run, logs } = await execute([
      [
        'echo "version=1.2.3" >> "$FLOWDECK_OUTPUT"',
        'printf "notes<<EOF\\nline one\\nline two\\nEOF\\n" >> "$FLOWDECK_OUTPUT"',
        'echo "not an output line" >> "$FLOWDECK_OUTPUT"',
      ].join("; "),
      'echo "deploying $FLOWDECK_OUTPUT_STEP1_VERSION"; printf "%s\\n" "$FLOWDECK_OUTPUT_STEP1_NOTES"',
    ]);
    expect(run.status).toBe("succeeded");
    expect(textOf(logs, 1, "stdout")).toBe("deploying 1.2.3\nline one\nline two\n");
    expect(run.outputs).toEqual({ step1: { version: "1.2.3", notes: "line one\nline two" } });
    expect(textOf(logs, 0, "system")).toContain(
      "FLOWDECK_OUTPUT: line 6: expected name=value or name<<DELIMITER; ignored.",
    );
  });

  it("masks an output that holds a secret, in the run and for later steps", async () => {
    const { run, logs } = await execute(
      ['echo "header=Bearer $API_TOKEN" >> "$FLOWDECK_OUTPUT"', 'echo "later: $FLOWDECK_OUTPUT_STEP1_HEADER"'],
      { secrets: ["API_TOKEN"] },
    );
    expect(run.status).toBe("succeeded");
    expect(run.outputs).toEqual({ step1: { header: "Bearer ***" } });
    expect(JSON.stringify(run)).not.toContain(TOKEN);
    expect(JSON.stringify(logs)).not.toContain(TOKEN);
    expect(textOf(logs, 1, "stdout")).toBe("later: Bearer ***\n");
  });

  it("keeps at most 64 KB of outputs per run and says what was left out", async () => {
    const { run, logs } = await execute([
      `printf 'big=%s\\n' "$(head -c 40000 /dev/zero | tr '\\0' a)" >> "$FLOWDECK_OUTPUT"`,
      `printf 'more=%s\\nsmall=ok\\n' "$(head -c 30000 /dev/zero | tr '\\0' b)" >> "$FLOWDECK_OUTPUT"`,
      'echo "more is [$FLOWDECK_OUTPUT_STEP2_MORE]"',
    ]);
    expect(run.status).toBe("succeeded");
    expect(Object.keys(run.outputs)).toEqual(["step1"]);
    expect(run.outputs.step1!.big).toHaveLength(40_000);
    expect(run.outputsTruncated).toBe(true);
    expect(textOf(logs, 1, "system")).toContain("Step outputs are limited to 64 KB per run: more, small left out.");
    expect(textOf(logs, 2, "stdout")).toBe("more is []\n");
  });
});
