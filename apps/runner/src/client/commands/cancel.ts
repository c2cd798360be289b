import { printLine } from "../../cli/output.ts";
import { connectionOf } from "../connection.ts";
import { FlowdeckApi } from "../flowdeck-api.ts";
import { CONNECTION_OPTIONS, parseCommand } from "../parse.ts";

export const CANCEL_HELP = `Usage: flowdeck cancel <run id> [--json]

Asks Flowdeck to cancel the run: a queued run ends at once, a running one when its runner has
stopped its commands. Needs an editor token or higher.`;

export async function cancel(args: string[]): Promise<number> {
  const { values, positionals } = parseCommand("cancel", args, { ...CONNECTION_OPTIONS, json: { type: "boolean" } }, [
    "run",
  ]);
  const api = new FlowdeckApi(connectionOf(values));
  const run = await api.cancel(positionals[0]!);
  if (values.json) printLine(JSON.stringify(run, null, 2));
  else if (run.status === "cancelled") printLine(`Run ${run.id} is cancelled.`);
  else if (run.cancelRequested)
    printLine(`Cancel requested: run ${run.id} stops when its runner has ended its commands.`);
  else printLine(`Run ${run.id} had already ended (${run.status}).`);
  return 0;
}
