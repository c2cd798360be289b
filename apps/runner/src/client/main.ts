import { printError, quietOnClosedPipes } from "../cli/output.ts";
import { runClient } from "./cli.ts";

// Even a bug ends with one line, not a stack trace (FLOWDECK_DEBUG=1 shows it).
const crash = (error: unknown) => {
  printError(`flowdeck: unexpected error: ${(error as Error)?.message ?? String(error)}`);
  if (process.env.FLOWDECK_DEBUG) printError(String((error as Error)?.stack));
  process.exit(1);
};
process.on("uncaughtException", crash);
process.on("unhandledRejection", crash);
quietOnClosedPipes();

process.exitCode = await runClient(process.argv.slice(2));
