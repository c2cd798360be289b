import { AppError } from "@flowdeck/shared";
import type { ImportError, ImportItem, ImportKind, ImportUpdate } from "@flowdeck/shared/import-export/schemas";
import type { Executor } from "../../db/database.ts";
import type { ChangeLog, OrgScope } from "../../lib/change-log.ts";
import type { AllowList } from "../../lib/outbound/address-policy.ts";
import type { Entry, Section } from "./parse-document.ts";
import type { FileChain } from "./run-after-chains.ts";

// What planning an import's entries produces (decision 069), shared by each kind's planner.

export type Path = readonly (string | number)[];

/** Ids by name of what the organization has, and of what the import created so far. */
export type Ids = { commands: Map<string, string>; workflows: Map<string, string> };

export type Apply = (tx: Executor, log: ChangeLog, ids: Ids) => Promise<void>;

/** One thing of the file, checked: what the preview says of it and, when it changes, how to apply it. */
export type Planned = (
  | { kind: "create"; item: ImportItem; apply: Apply }
  | { kind: "update"; item: ImportUpdate; apply: Apply }
  | { kind: "unchanged"; item: ImportItem }
) & {
  /** A workflow's: what it runs after, by name, as the file gives it. */
  chain?: FileChain;
};

export type PlanContext = {
  commandNames: Set<string>;
  /** The names of the file's workflows: what a run-after may name besides the organization's. */
  workflowNames: ReadonlySet<string>;
  errors: ImportError[];
  allow: AllowList;
  scope: OrgScope;
};

export const KINDS: Record<Section, ImportKind> = {
  commands: "task",
  workflows: "workflow",
  notificationRules: "notification-rule",
};

/** A refusal met while applying: its line in the file; the transaction is rolled back. */
export class RefusedAt extends Error {
  constructor(readonly error: ImportError) {
    super(error.message);
  }
}

/** Runs an apply step; a refusal of the services becomes an error on the line of its field. */
export function onLines(entry: Entry, fileOf: (path: Path) => Path, apply: Apply): Apply {
  return async (tx, log, ids) => {
    try {
      await apply(tx, log, ids);
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      const field = Object.keys(error.fields ?? {})[0];
      const path = field ? fileOf(field.split(".")) : ["name"];
      throw new RefusedAt({ line: entry.lineOf(path), message: error.message });
    }
  };
}
