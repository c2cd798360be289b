import { UnreachableError, isRetryable } from "../api/api-errors.ts";
import { retrying } from "../api/backoff.ts";
import { describeApiError } from "../api/describe-error.ts";
import { RunnerApi } from "../api/runner-api.ts";
import { parseCount, parseOptions } from "../cli/parse.ts";
import { printError, printLine, timestamped } from "../cli/output.ts";
import { resolveConfigDir } from "../config/config-dir.ts";
import { requireRunnerConfig } from "../config/runner-config.ts";
import { RunnerStoppedError } from "../errors.ts";
import { killEverything } from "../execution/process-tree.ts";
import { chooseShell } from "../execution/shell.ts";
import { platformLabel } from "../platform.ts";
import { runRunnerLoop } from "../runner/runner-loop.ts";
import { RUNNER_VERSION } from "../version.ts";

export const START_HELP = `Usage: flowdeck-runner start [--config <dir>] [--concurrency <n>] [--once]

Claims runs from Flowdeck and executes them until stopped.

  --concurrency <n>  runs executed at the same time (default 1)
  --once             execute one run, then exit (for ephemeral machines)
  --config <dir>     where runner.json is (default: see flowdeck-runner help)

SIGINT or SIGTERM (Ctrl+C) stops claiming and lets the current step finish; a second one stops
the current step too. The runner reports, then exits with 0. A third kills the steps'
processes and exits at once, unreported.`;

const MAX_CONCURRENCY = 64;

export async function start(args: string[]): Promise<number> {
  const values = parseOptions("start", args, {
    config: { type: "string" },
    concurrency: { type: "string" },
    once: { type: "boolean" },
  });
  const concurrency = parseCount(values.concurrency, "concurrency", 1, MAX_CONCURRENCY);
  const config = await requireRunnerConfig(resolveConfigDir(values.config));
  const api = new RunnerApi(config.url, config.secret);
  const say = timestamped(printLine);
  const warn = timestamped(printError);
  const shell = chooseShell();

  const draining = new AbortController();
  const stopping = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (!draining.signal.aborted) {
      say(`${signal}: claiming no more runs; the current steps finish first (${signal} again stops them).`);
      draining.abort();
    } else if (!stopping.signal.aborted) {
      say(`${signal}: stopping the current steps (${signal} again exits without waiting to report).`);
      stopping.abort();
    } else {
      // The way out when reporting waits for a server that does not answer; nothing is left running.
      warn(`${signal}: killing the steps' processes and exiting without reporting; Flowdeck will mark the runs lost.`);
      killEverything();
      process.exit(1);
    }
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  try {
    // Check the credential first, so a revoked runner says so at once; wait out a server that is down.
    const self = await retrying(() => api.self(), {
      signal: draining.signal,
      retryIf: (error) => error instanceof UnreachableError || isRetryable(error),
      onRetry: (error, delayMs) =>
        warn(`${describeApiError(error, config.url)} Retrying in ${Math.ceil(delayMs / 1000)} s.`),
    }).catch((error: unknown) => {
      if (draining.signal.aborted) return null;
      throw new RunnerStoppedError(describeApiError(error, config.url));
    });
    if (!self) return 0;

    const runs = values.once
      ? "one run"
      : concurrency === 1
        ? "runs one at a time"
        : `up to ${concurrency} runs at once`;
    say(
      `flowdeck-runner ${RUNNER_VERSION}: "${self.name}" of ${self.organizationName} at ${config.url}, ` +
        `${platformLabel(config.os)} ${config.arch}, ${shell.name}; waiting for ${runs}.`,
    );
    const fatal = await runRunnerLoop({
      api,
      shell,
      concurrency,
      once: values.once ?? false,
      say,
      warn,
      draining: draining.signal,
      stopping: stopping.signal,
    });
    if (fatal) throw new RunnerStoppedError(describeApiError(fatal, config.url));
    say("Stopped.");
    return 0;
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}
