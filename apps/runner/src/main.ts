import { runCli } from "./cli.ts";

// Even a bug ends with one line, not a stack trace (FLOWDECK_RUNNER_DEBUG=1 shows it).
const crash = (error: unknown) => {
  process.stderr.write(`flowdeck-runner: unexpected error: ${(error as Error)?.message ?? String(error)}\n`);
  if (process.env.FLOWDECK_RUNNER_DEBUG) process.stderr.write(`${(error as Error)?.stack}\n`);
  process.exit(1);
};
process.on("uncaughtException", crash);
process.on("unhandledRejection", crash);

process.exitCode = await runCli(process.argv.slice(2));
