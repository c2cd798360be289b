import { RUN_STATUSES } from "@flowdeck/shared/runs/constants";
import { printLine } from "../../cli/output.ts";
import { RunnerError } from "../../errors.ts";
import { connectionOf } from "../connection.ts";
import { EXIT } from "../exit-codes.ts";
import { findWorkflow } from "../find-workflow.ts";
import { FlowdeckApi } from "../flowdeck-api.ts";
import { CONNECTION_OPTIONS, parseCommand, parseLimit } from "../parse.ts";

export const RUNS_HELP = `Usage: flowdeck runs --workflow <name or id> [options]

Lists a workflow's runs, newest first.

  --workflow <name or id>  the workflow (required)
  --status <status>        only runs in this state: ${RUN_STATUSES.join(", ")}
  --limit <n>              how many (1 to 100, default 20)
  --json                   print the runs as JSON`;

export async function runs(args: string[]): Promise<number> {
  const { values } = parseCommand(
    "runs",
    args,
    {
      ...CONNECTION_OPTIONS,
      workflow: { type: "string", short: "w" },
      status: { type: "string" },
      limit: { type: "string" },
      json: { type: "boolean" },
    },
    [],
  );
  if (!values.workflow) throw new RunnerError("--workflow is required: the workflow's name or id.", EXIT.usage);
  if (values.status !== undefined && !(RUN_STATUSES as readonly string[]).includes(values.status)) {
    throw new RunnerError(`--status must be one of: ${RUN_STATUSES.join(", ")} (got "${values.status}").`, EXIT.usage);
  }
  const limit = parseLimit(values.limit, "limit", 20, 100);
  const api = new FlowdeckApi(connectionOf(values));
  const workflow = await findWorkflow(api, values.workflow);
  const page = await api.history(workflow.id, { status: values.status, limit });
  if (values.json) {
    printLine(JSON.stringify(page.items, null, 2));
    return 0;
  }
  if (page.items.length === 0) {
    printLine(`No runs of "${workflow.name}"${values.status ? ` with status ${values.status}` : ""}.`);
    return 0;
  }
  const rows = page.items.map((item) => [
    item.id,
    item.status,
    item.startedAt,
    item.finishedAt ? duration(item.startedAt, item.finishedAt) : "-",
    item.trigger,
    item.startedByName ?? "-",
  ]);
  printTable(["RUN", "STATUS", "STARTED", "TOOK", "TRIGGER", "BY"], rows);
  return 0;
}

function duration(from: string, to: string): string {
  const seconds = Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  return minutes < 60 ? `${minutes}m${seconds % 60}s` : `${Math.floor(minutes / 60)}h${minutes % 60}m`;
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  for (const row of [header, ...rows]) {
    printLine(row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join("  "));
  }
}
