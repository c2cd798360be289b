import { RUNNER_PLATFORMS } from "@flowdeck/shared/runners/protocol";
import { printError, printLine } from "../../cli/output.ts";
import { RunnerError } from "../../errors.ts";
import { connectionOf } from "../connection.ts";
import { EXIT } from "../exit-codes.ts";
import { findWorkflow } from "../find-workflow.ts";
import { FlowdeckApi } from "../flowdeck-api.ts";
import { runParameters } from "../parameters.ts";
import { CONNECTION_OPTIONS, parseCommand } from "../parse.ts";
import { processSink } from "../run-output.ts";
import { waitForRun } from "../wait-for-run.ts";

export const RUN_HELP = `Usage: flowdeck run <workflow name or id> [options]

Queues a run of the workflow (its id, or its exact name) and prints the run's id and address.

  --param <name=value>   a value of one of the workflow's parameters (repeat for each); numbers
                         and true/false as text; a multiple choice comma-separated or repeated
  --platform <os>        linux, mac or windows (default: where a matching runner is online)
  --wait                 stream the run's output live and exit with its outcome (see exit codes)
  --json                 print the run as JSON (with --wait: the ended run; the output goes to stderr)
  --url, --token         instead of FLOWDECK_URL and FLOWDECK_TOKEN

Parameters are checked before anything is queued: a bad value exits with 2, naming it.
While waiting, Ctrl+C asks whether to cancel the run (without a terminal, as in CI, and on
SIGTERM, it cancels the run); a second Ctrl+C stops waiting at once (exit code 130).
Running targets (--target) is not supported yet.`;

export async function run(args: string[]): Promise<number> {
  const { values, positionals } = parseCommand(
    "run",
    args,
    {
      ...CONNECTION_OPTIONS,
      param: { type: "string", multiple: true, short: "p" },
      platform: { type: "string" },
      wait: { type: "boolean" },
      json: { type: "boolean" },
      target: { type: "string", multiple: true },
    },
    ["workflow"],
  );
  if (values.target) {
    throw new RunnerError("--target is not supported yet: a run goes to one runner of its platform.", EXIT.usage);
  }
  const platform = values.platform;
  if (platform !== undefined && !(RUNNER_PLATFORMS as readonly string[]).includes(platform)) {
    throw new RunnerError(`--platform must be linux, mac or windows (got "${platform}").`, EXIT.usage);
  }
  const api = new FlowdeckApi(connectionOf(values));
  const workflow = await findWorkflow(api, positionals[0]!);
  const options = await api.runOptions(workflow.id);
  const parameters = runParameters(options.parameters, values.param ?? []);
  const queued = await api.execute(workflow.id, { ...(platform ? { platform } : {}), parameters });
  const url = api.runUrl(queued.id);

  if (!values.wait) {
    if (values.json) printLine(JSON.stringify(queued, null, 2));
    else printLine(`Queued run ${queued.id} of "${workflow.name}": ${url}`);
    return 0;
  }
  printError(`Queued run ${queued.id} of "${workflow.name}": ${url}`);
  const sink = values.json ? { stdout: processSink.stderr, stderr: processSink.stderr } : processSink;
  const code = await waitForRun({ api, runId: queued.id, sink, interactive: Boolean(process.stdin.isTTY) });
  if (values.json) printLine(JSON.stringify(await api.run(queued.id), null, 2));
  return code;
}
