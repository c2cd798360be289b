import { EXPORT_FORMAT_VERSION, type ImportError } from "@flowdeck/shared/import-export/schemas";
import { IMPORT_EXPORT_MESSAGES as M } from "@flowdeck/shared/import-export/messages";
import { isMap, isSeq, LineCounter, parseDocument, type Document, type Node } from "yaml";
import type { z } from "zod";
import { APPROVAL_FIELDS, RUN_AFTER_FIELDS } from "./approval-and-run-after-form.ts";
import { FIELDS, STEP_FIELDS } from "./file-form.ts";

type Path = readonly (string | number)[];
export type Section = keyof typeof FIELDS;
const SECTIONS = Object.keys(FIELDS) as Section[];

/** One entry of a section: its raw value and where its fields are in the file. */
export type Entry = { section: Section; index: number; raw: Record<string, unknown>; lineOf: (path: Path) => number };

export type ParsedFile = { entries: Record<Section, Entry[]>; errors: ImportError[] };

/**
 * Reads the YAML document, keeping where each node is, so that any error — a syntax error, an
 * unknown field, an issue the API's zod schemas find, a service's refusal — names its line.
 */
export function parseImportFile(text: string): ParsedFile {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: true });
  const entries: Record<Section, Entry[]> = { commands: [], workflows: [], notificationRules: [] };
  const errors: ImportError[] = document.errors.map((error) => ({
    line: error.linePos?.[0]?.line ?? 1,
    message: error.message.split("\n")[0]!,
  }));
  if (errors.length > 0) return { entries, errors };

  const lineOf = (path: Path) => lineOfPath(document, lineCounter, path);
  const root = document.contents;
  if (!isMap(root)) return { entries, errors: [{ line: 1, message: M.notAMapping }] };
  errors.push(...unknownKeys(document, lineCounter, [], ["version", ...SECTIONS]));
  if (document.get("version") !== EXPORT_FORMAT_VERSION) {
    errors.push({ line: lineOf(["version"]), message: M.versionUnsupported(EXPORT_FORMAT_VERSION) });
  }
  for (const section of SECTIONS) {
    const list = document.get(section, true);
    if (list === undefined || (list as { value?: unknown }).value === null) continue;
    if (!isSeq(list)) {
      errors.push({ line: lineOf([section]), message: M.notAList(section) });
      continue;
    }
    list.items.forEach((_, index) => {
      const path = [section, index];
      const raw = document.getIn(path);
      if (!raw || typeof raw !== "object" || Array.isArray(raw) || !isMap(document.getIn(path, true))) {
        errors.push({ line: lineOf(path), message: `${section}[${index}] must be a mapping of fields` });
        return;
      }
      const json = (document.getIn(path, true) as Node).toJSON() as Record<string, unknown>;
      errors.push(...unknownKeys(document, lineCounter, path, FIELDS[section]));
      if (section === "workflows") errors.push(...unknownWorkflowKeys(document, lineCounter, path, json));
      entries[section].push({
        section,
        index,
        raw: json,
        lineOf: (rest) => lineOf([...path, ...rest]),
      });
    });
  }
  return { entries, errors };
}

/** Unknown keys inside a workflow's steps, approval and run-after entries: a misspelt one must not vanish. */
function unknownWorkflowKeys(
  document: Document,
  lineCounter: LineCounter,
  path: Path,
  json: Record<string, unknown>,
): ImportError[] {
  const inList = (field: string, allowed: readonly string[]) =>
    Array.isArray(json[field])
      ? json[field].flatMap((_item, index) => unknownKeys(document, lineCounter, [...path, field, index], allowed))
      : [];
  return [
    ...inList("steps", STEP_FIELDS),
    ...unknownKeys(document, lineCounter, [...path, "approval"], APPROVAL_FIELDS),
    ...inList("runAfter", RUN_AFTER_FIELDS),
  ];
}

/** The line of the deepest node of `path` that exists (1-based). */
function lineOfPath(document: Document, lineCounter: LineCounter, path: Path): number {
  for (let length = path.length; length >= 0; length -= 1) {
    const node = length === 0 ? document.contents : document.getIn(path.slice(0, length), true);
    const range = (node as Node | undefined)?.range;
    if (range) return lineCounter.linePos(range[0]).line;
  }
  return 1;
}

function unknownKeys(
  document: Document,
  lineCounter: LineCounter,
  path: Path,
  allowed: readonly string[],
): ImportError[] {
  const node = path.length === 0 ? document.contents : document.getIn(path, true);
  if (!isMap(node)) return [];
  return node.items.flatMap((pair) => {
    const key = (pair.key as Node | null)?.toJSON?.() ?? pair.key;
    if (typeof key === "string" && allowed.includes(key)) return [];
    const range = (pair.key as Node | null)?.range;
    return [{ line: range ? lineCounter.linePos(range[0]).line : 1, message: M.unknownField(String(key)) }];
  });
}

/**
 * Parses an entry's API body with the API's own schema; each issue becomes an error on the line of
 * the file's field, through `fileOf`, which turns a body's path into the file's path.
 */
export function parseWithApiSchema<T extends z.ZodType>(
  schema: T,
  body: unknown,
  entry: Entry,
  fileOf: (path: Path) => Path = (path) => path,
): { data: z.output<T> } | { errors: ImportError[] } {
  const result = schema.safeParse(body);
  if (result.success) return { data: result.data };
  return {
    errors: result.error.issues.map((issue) => {
      const path = fileOf(issue.path as Path);
      return {
        line: entry.lineOf(path),
        message: path.length > 0 ? `${path.map(String).join(".")}: ${issue.message}` : issue.message,
      };
    }),
  };
}
