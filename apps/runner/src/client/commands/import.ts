import { readFile } from "node:fs/promises";
import type { ImportPreview } from "@flowdeck/shared/import-export/schemas";
import { printError, printLine } from "../../cli/output.ts";
import { RunnerError } from "../../errors.ts";
import { connectionOf } from "../connection.ts";
import { EXIT } from "../exit-codes.ts";
import { FlowdeckApi } from "../flowdeck-api.ts";
import { CONNECTION_OPTIONS, parseCommand } from "../parse.ts";

export const IMPORT_HELP = `Usage: flowdeck import <file> [--dry-run] [--json]

Imports a YAML document made by flowdeck export (or by hand): creates what is new, changes what
differs (printed field by field), leaves the rest; nothing absent from the file is deleted. All of
it is applied in one transaction, or nothing when any line is wrong. --dry-run only prints what it
would do. Needs an admin token. Exits 0 when it applied (or would apply) cleanly, 2 with errors.`;

export async function importDocument(args: string[]): Promise<number> {
  const { values, positionals } = parseCommand(
    "import",
    args,
    { ...CONNECTION_OPTIONS, "dry-run": { type: "boolean" }, json: { type: "boolean" } },
    ["file"],
  );
  const file = positionals[0]!;
  const text = await readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
    throw new RunnerError(`Cannot read ${file}: ${error.code ?? error.message}`, EXIT.usage);
  });
  const preview = await new FlowdeckApi(connectionOf(values)).importYaml(text, values["dry-run"] === true);
  if (values.json) printLine(JSON.stringify(preview, null, 2));
  else printPreview(preview, file);
  return preview.errors.length > 0 ? EXIT.usage : 0;
}

const KIND_NAMES = { task: "command", workflow: "workflow", "notification-rule": "notification rule" } as const;

function printPreview(preview: ImportPreview, file: string) {
  for (const error of preview.errors) printError(`${file}:${error.line}: ${error.message}`);
  for (const item of preview.create) printLine(`+ create ${KIND_NAMES[item.kind]} "${item.key}"`);
  for (const item of preview.update) {
    printLine(`~ change ${KIND_NAMES[item.kind]} "${item.key}"`);
    for (const change of item.changes) {
      printLine(`    ${change.field}: ${JSON.stringify(change.before)} → ${JSON.stringify(change.after)}`);
    }
  }
  const counts = `${preview.create.length} to create, ${preview.update.length} to change, ${preview.unchanged.length} unchanged`;
  if (preview.errors.length > 0) printError(`Nothing was imported (${preview.errors.length} errors; ${counts}).`);
  else if (preview.dryRun) printLine(`Dry run: ${counts}. Nothing was written.`);
  else if (preview.applied) printLine(`Imported: ${counts}.`);
  else printLine(`Nothing to change: ${preview.unchanged.length} unchanged.`);
}
