import { closeHttp } from "../api/runner-api.ts";
import { printError, printLine } from "../cli/output.ts";
import { RunnerError } from "../errors.ts";
import { RUNNER_VERSION } from "../version.ts";
import { CANCEL_HELP, cancel } from "./commands/cancel.ts";
import { EXPORT_HELP, exportDocument } from "./commands/export.ts";
import { IMPORT_HELP, importDocument } from "./commands/import.ts";
import { LOGS_HELP, logs } from "./commands/logs.ts";
import { RUN_HELP, run } from "./commands/run.ts";
import { RUNS_HELP, runs } from "./commands/runs.ts";
import { toCliError } from "./describe-error.ts";
import { EXIT } from "./exit-codes.ts";

const HELP = `flowdeck ${RUNNER_VERSION}: runs Flowdeck workflows from a terminal or a CI job.

Usage: flowdeck <command> [options]

Commands:
  run <workflow>   queue a run of a workflow (by name or id); --wait streams it to its end
  runs             list a workflow's runs
  logs <run>       print a run's output; --follow keeps printing until it ends
  cancel <run>     cancel a run
  export           write the organization's commands, workflows and rules as YAML to stdout
  import <file>    import a YAML document (--dry-run: only print what would change)
  help [command]   show help for a command

Connection: FLOWDECK_URL (the address you open Flowdeck at) and FLOWDECK_TOKEN (an API token
from Administration → API tokens; an editor token to run and cancel), or --url and --token.
HTTPS_PROXY, HTTP_PROXY and NO_PROXY are honoured.

Exit codes: 0 the run succeeded, 1 it failed, 2 usage error (options, workflow, parameters),
3 cancelled, 4 timed out, 5 rejected (reserved), 6 lost, 7 Flowdeck unreachable or the token
refused, 130 stopped waiting (a second Ctrl+C).`;

const COMMANDS: Record<string, { run: (args: string[]) => Promise<number>; help: string }> = {
  run: { run, help: RUN_HELP },
  runs: { run: runs, help: RUNS_HELP },
  logs: { run: logs, help: LOGS_HELP },
  cancel: { run: cancel, help: CANCEL_HELP },
  export: { run: exportDocument, help: EXPORT_HELP },
  import: { run: importDocument, help: IMPORT_HELP },
};

/** Runs the `flowdeck` command line; resolves with the exit code. Errors are one message, never a stack trace. */
export async function runClient(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === "help" || name === "--help" || name === "-h") {
    const topic = name === "help" && args[0] ? COMMANDS[args[0]] : undefined;
    if (name === "help" && args[0] && !topic) {
      printError(`Unknown command "${args[0]}". Commands: ${Object.keys(COMMANDS).join(", ")}.`);
      return EXIT.usage;
    }
    printLine(topic?.help ?? HELP);
    return name === undefined ? EXIT.usage : 0;
  }
  if (name === "--version" || name === "-v" || name === "version") {
    printLine(RUNNER_VERSION);
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    printError(`Unknown command "${name}". Commands: ${Object.keys(COMMANDS).join(", ")}, help.`);
    return EXIT.usage;
  }
  if (args.includes("--help") || args.includes("-h")) {
    printLine(command.help);
    return 0;
  }
  try {
    return await command.run(args);
  } catch (error) {
    const cliError = toCliError(error, urlOf(args, env));
    printError(cliError.message);
    if (env.FLOWDECK_DEBUG && !(error instanceof RunnerError)) printError(String((error as Error)?.stack));
    return cliError.exitCode;
  } finally {
    await closeHttp();
  }
}

/** The Flowdeck address the command was given, for its messages. */
function urlOf(args: string[], env: NodeJS.ProcessEnv): string {
  const index = args.findIndex((arg) => arg === "--url" || arg.startsWith("--url="));
  const given = index < 0 ? undefined : args[index]!.startsWith("--url=") ? args[index]!.slice(6) : args[index + 1];
  return (given ?? env.FLOWDECK_URL ?? "Flowdeck").replace(/\/+$/, "");
}
