import { closeHttp } from "./api/runner-api.ts";
import { printError, printLine } from "./cli/output.ts";
import { USAGE_EXIT_CODE } from "./cli/parse.ts";
import { REGISTER_HELP, register } from "./commands/register.ts";
import { START_HELP, start } from "./commands/start.ts";
import { STATUS_HELP, status } from "./commands/status.ts";
import { UNREGISTER_HELP, unregister } from "./commands/unregister.ts";
import { RunnerError } from "./errors.ts";
import { RUNNER_VERSION } from "./version.ts";

const HELP = `flowdeck-runner ${RUNNER_VERSION}: executes Flowdeck workflow runs on this machine.

Usage: flowdeck-runner <command> [options]

Commands:
  register    register this machine with a registration token (fdr_…)
  start       claim and execute runs until stopped
  status      show the registration and check it with Flowdeck
  unregister  revoke this runner and delete its credentials
  help [cmd]  show help for a command

The credentials live in runner.json in the configuration directory: --config <dir>, else
FLOWDECK_RUNNER_CONFIG, else $XDG_CONFIG_HOME/flowdeck-runner (~/.config/flowdeck-runner) on
Linux, ~/Library/Application Support/flowdeck-runner on macOS, %APPDATA%\\flowdeck-runner on Windows.
HTTPS_PROXY, HTTP_PROXY and NO_PROXY are honoured.`;

const COMMANDS: Record<string, { run: (args: string[]) => Promise<number>; help: string }> = {
  register: { run: register, help: REGISTER_HELP },
  start: { run: start, help: START_HELP },
  status: { run: status, help: STATUS_HELP },
  unregister: { run: unregister, help: UNREGISTER_HELP },
};

/** Runs the command line; resolves with the exit code. Errors are one line, never a stack trace. */
export async function runCli(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === "help" || name === "--help" || name === "-h") {
    const topic = name === "help" && args[0] ? COMMANDS[args[0]] : undefined;
    printLine(topic?.help ?? HELP);
    return name === undefined ? USAGE_EXIT_CODE : 0;
  }
  if (name === "--version" || name === "-v" || name === "version") {
    printLine(RUNNER_VERSION);
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    printError(`Unknown command "${name}". Commands: register, start, status, unregister, help.`);
    return USAGE_EXIT_CODE;
  }
  if (args.includes("--help") || args.includes("-h")) {
    printLine(command.help);
    return 0;
  }
  try {
    return await command.run(args);
  } catch (error) {
    if (error instanceof RunnerError) {
      printError(error.message);
      return error.exitCode;
    }
    // Not expected: still one line, with the details only when asked for.
    printError(`flowdeck-runner: unexpected error: ${(error as Error)?.message ?? String(error)}`);
    if (process.env.FLOWDECK_RUNNER_DEBUG) printError(String((error as Error)?.stack));
    return 1;
  } finally {
    await closeHttp();
  }
}
