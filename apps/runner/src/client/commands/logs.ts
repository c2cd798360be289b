import { connectionOf } from "../connection.ts";
import { EXIT, exitCodeOf } from "../exit-codes.ts";
import { followRun } from "../follow-run.ts";
import { FlowdeckApi } from "../flowdeck-api.ts";
import { CONNECTION_OPTIONS, parseCommand } from "../parse.ts";
import { JsonLinesOutput, processSink, RunOutput } from "../run-output.ts";

export const LOGS_HELP = `Usage: flowdeck logs <run id> [options]

Prints a run's output, step by step (its stdout to stdout, its stderr to stderr).

  --follow, -f   keep printing while the run goes on, and exit with its outcome (see exit codes)
  --json         print the output's chunks as JSON lines ({ id, position, stream, text })`;

export async function logs(args: string[]): Promise<number> {
  const { values, positionals } = parseCommand(
    "logs",
    args,
    { ...CONNECTION_OPTIONS, follow: { type: "boolean", short: "f" }, json: { type: "boolean" } },
    ["run"],
  );
  const runId = positionals[0]!;
  const api = new FlowdeckApi(connectionOf(values));
  const output = values.json ? new JsonLinesOutput() : new RunOutput(processSink);
  const run = await api.run(runId);
  output.setRun(run);
  if (values.follow && exitCodeOf(run.status) === null) {
    const ended = await followRun({ api, runId, output });
    output.endLine();
    return exitCodeOf(ended.status) ?? EXIT.failed;
  }
  for (;;) {
    const page = await api.logs(runId, output.lastId);
    output.write(page.items);
    if (page.items.length === 0) break;
  }
  output.endLine();
  return values.follow ? (exitCodeOf(run.status) ?? EXIT.failed) : 0;
}
