import { createInterface } from "node:readline";
import { RUN_STATUS_LABELS } from "@flowdeck/shared/runs/constants";
import type { RunDetail } from "@flowdeck/shared/runs/schemas";
import { printError } from "../cli/output.ts";
import { toCliError } from "./describe-error.ts";
import { EXIT, exitCodeOf } from "./exit-codes.ts";
import { followRun } from "./follow-run.ts";
import type { FlowdeckApi } from "./flowdeck-api.ts";
import { RunOutput, type Sink } from "./run-output.ts";

export type WaitOptions = {
  api: FlowdeckApi;
  runId: string;
  sink: Sink;
  /** Whether Ctrl+C asks to cancel the run (a person at a terminal) or cancels it at once (CI). */
  interactive: boolean;
};

/**
 * Streams a run's output until it ends; resolves with the exit code of its outcome (exit-codes.ts).
 *
 * Ctrl+C on a terminal asks "Cancel the run? [y/N]" (the output is held meanwhile); without a
 * terminal (a CI job being stopped) and on SIGTERM the run is cancelled at once. Either way the
 * program goes on waiting for the run to end and exits with its code; a second Ctrl+C (or SIGTERM)
 * exits at once with 130, leaving the run as it is.
 */
export async function waitForRun({ api, runId, sink, interactive }: WaitOptions): Promise<number> {
  const output = new RunOutput(sink);
  let stopping = false;
  let asking = false;
  let lastState = "";

  const cancel = async (why: string) => {
    stopping = true;
    output.endLine();
    printError(`${why}: cancelling run ${runId}. Press Ctrl+C again to stop waiting at once.`);
    try {
      await api.cancel(runId);
    } catch (error) {
      printError(`Could not cancel the run: ${toCliError(error, api.url).message}`);
    }
  };
  const exitNow = () => {
    output.endLine();
    printError(`Stopped waiting; run ${runId} goes on: ${api.runUrl(runId)}`);
    process.exit(EXIT.interrupted);
  };
  const ask = () => {
    asking = true;
    output.hold();
    output.endLine();
    const prompt = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
    // Ctrl+C at the question: the second one.
    prompt.on("SIGINT", exitNow);
    prompt.question("Cancel the run? [y/N] ", (answer) => {
      prompt.close();
      asking = false;
      output.release();
      if (/^y(es)?$/i.test(answer.trim())) void cancel("Cancel asked");
      else printError("Still waiting for the run (Ctrl+C to ask again).");
    });
  };
  const onInterrupt = () => {
    if (stopping || asking) return exitNow();
    if (interactive) ask();
    else void cancel("Interrupted");
  };
  const onTerminate = () => (stopping ? exitNow() : void cancel("Terminated"));
  process.on("SIGINT", onInterrupt);
  process.on("SIGTERM", onTerminate);

  try {
    const ended = await followRun({
      api,
      runId,
      output,
      onRun: (run) => {
        // Say when a run waits for a runner, so a long queue does not look like a hang.
        if (run.status === "queued" && lastState !== "queued") printError(`Waiting for a runner to take run ${runId}…`);
        if (run.status === "awaiting-approval" && lastState !== run.status) {
          printError(`Run ${runId} is waiting for approval…`);
        }
        lastState = run.status;
      },
      onReconnect: (delayMs) =>
        printError(`The connection to Flowdeck dropped; reconnecting in ${Math.ceil(delayMs / 1000)} s…`),
    });
    output.release();
    output.endLine();
    printError(summary(ended, api.runUrl(runId)));
    return exitCodeOf(ended.status) ?? EXIT.failed;
  } finally {
    process.off("SIGINT", onInterrupt);
    process.off("SIGTERM", onTerminate);
  }
}

function summary(run: RunDetail, url: string): string {
  const failedStep = run.steps.find((step) => step.status === "failed" || step.status === "timed-out");
  const step = failedStep
    ? ` at step ${failedStep.position + 1} "${failedStep.name}"${failedStep.exitCode !== null ? ` (exit code ${failedStep.exitCode})` : ""}`
    : "";
  return `Run ${run.id} ${RUN_STATUS_LABELS[run.status].toLowerCase()}${run.status === "succeeded" ? "" : step}: ${url}`;
}
