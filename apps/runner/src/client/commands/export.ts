import { connectionOf } from "../connection.ts";
import { FlowdeckApi } from "../flowdeck-api.ts";
import { CONNECTION_OPTIONS, parseCommand } from "../parse.ts";

export const EXPORT_HELP = `Usage: flowdeck export > flowdeck.yaml

Writes the organization's commands, workflows and notification rules as one YAML document to
standard output: sorted by name, with no ids, so a file kept in Git changes only where the
organization did. Secrets appear by name only. Needs an admin token.`;

export async function exportDocument(args: string[]): Promise<number> {
  const { values } = parseCommand("export", args, CONNECTION_OPTIONS, []);
  const text = await new FlowdeckApi(connectionOf(values)).exportYaml();
  process.stdout.write(text);
  return 0;
}
