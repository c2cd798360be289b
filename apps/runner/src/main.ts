import { runCli } from "./cli.ts";
import { printError, quietOnClosedPipes } from "./cli/output.ts";

// Even a bug ends with one line, not a stack trace (FLOWDECK_RUNNER_DEBUG=1 shows it).
const crash = (error: unknown) => {
  printError(`flowdeck-runner: unexpected error: ${(error as Error)?.message ?? String(error)}`);
  if (process.env.FLOWDECK_RUNNER_DEBUG) printError(String((error as Error)?.stack));
  process.exit(1);
};
process.on("uncaughtException", crash);
process.on("unhandledRejection", crash);
quietOnClosedPipes();

process.exitCode = await runCli(process.argv.slice(2));
