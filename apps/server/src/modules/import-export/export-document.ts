import { AppError } from "@flowdeck/shared";
import { IMPORT_EXPORT_MESSAGES as M } from "@flowdeck/shared/import-export/messages";
import { EXPORT_FORMAT_VERSION } from "@flowdeck/shared/import-export/schemas";
import { Document } from "yaml";
import type { Database } from "../../db/database.ts";
import { byCodePoint } from "./key-order.ts";
import { loadOrganizationState } from "./organization-state.ts";

const HEADER = [
  " Flowdeck: commands, workflows and notification rules, keyed by name.",
  " Secrets appear by name only; a webhook's signing secret never. Import with",
  " `flowdeck import <file>` or Settings → Import and export; nothing absent here is deleted.",
].join("\n");

const KIND_LABELS = { commands: "commands", workflows: "workflows", notificationRules: "notification rules" };

/**
 * The organization as one YAML document: every list sorted by name, every object's keys in one
 * order, so the same organization always gives the same bytes and a file kept in Git changes only
 * where the organization did. Names are the keys: an organization with two things of one name
 * cannot be exported until one is renamed.
 */
export async function exportDocument({ db, organizationId }: { db: Database; organizationId: string }) {
  const state = await loadOrganizationState(db, organizationId);
  for (const [kind, names] of Object.entries(state.duplicates) as [keyof typeof KIND_LABELS, string[]][]) {
    if (names.length > 0) throw new AppError("invalid-argument", M.duplicateOnExport(KIND_LABELS[kind], names));
  }
  const sorted = <T extends { form: { name: string } }>(map: Map<string, T>) =>
    [...map.values()].map((item) => item.form).sort((a, b) => byCodePoint(a.name, b.name));
  const document = new Document({
    version: EXPORT_FORMAT_VERSION,
    commands: sorted(state.commands),
    workflows: sorted(state.workflows),
    notificationRules: sorted(state.rules),
  });
  document.commentBefore = HEADER;
  return document.toString({ lineWidth: 0 });
}
