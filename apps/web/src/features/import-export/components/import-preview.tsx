import type { FieldChange, ImportItem, ImportKind, ImportPreview } from "@flowdeck/shared/import-export/schemas";
import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert.tsx";

const KIND_LABELS: Record<ImportKind, string> = {
  task: "Command",
  workflow: "Workflow",
  "notification-rule": "Notification rule",
};

function count(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`;
}

/** What the import found or did, in the words of a preview (dry run) or of the result. */
export function importHeadings(preview: ImportPreview) {
  const done = preview.applied;
  return {
    create: `${preview.create.length} ${done ? "created" : "to create"}`,
    update: `${preview.update.length} ${done ? "changed" : "to change"}`,
    unchanged: `${preview.unchanged.length} unchanged`,
    errors: count(preview.errors.length, "error", "errors"),
  };
}

/** A field's value as a person reads it: text as it is, lists and objects as indented JSON. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined) return "(none)";
  if (typeof value === "string") return value === "" ? "(empty)" : value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return "(none)";
    if (value.every((item) => typeof item === "string")) return value.join(", ");
  }
  return JSON.stringify(value, null, 2);
}

const VALUE = "mt-1 max-h-64 overflow-auto rounded-md px-2 py-1 font-mono text-xs break-words whitespace-pre-wrap";

const TONES = {
  before: "bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100",
  after: "bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100",
};

function Value({ label, tone, value }: { label: string; tone: keyof typeof TONES; value: unknown }) {
  return (
    <div>
      <span className="text-xs text-gray-500 dark:text-gray-400">{label}</span>
      <pre className={`${VALUE} ${TONES[tone]}`}>{formatValue(value)}</pre>
    </div>
  );
}

function ChangeRow({ change }: { change: FieldChange }) {
  return (
    <div className="py-2">
      <dt className="font-mono text-xs font-semibold text-gray-700 dark:text-gray-300">{change.field}</dt>
      <dd className="mt-1 grid gap-2 sm:grid-cols-2">
        <Value label="Before" tone="before" value={change.before} />
        <Value label="After" tone="after" value={change.after} />
      </dd>
    </div>
  );
}

function ItemName({ item }: { item: ImportItem }) {
  return (
    <>
      <span className="text-xs font-medium tracking-wide text-gray-500 uppercase dark:text-gray-400">
        {KIND_LABELS[item.kind]}
      </span>{" "}
      <span className="font-medium break-words">{item.key}</span>
    </>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h3 id={id} className="text-base font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * An import's preview or result: its errors (each on its line), what it creates, what it changes
 * (field by field, before → after) and, folded, what it leaves unchanged.
 */
export function ImportPreviewView({ preview, idPrefix = "import" }: { preview: ImportPreview; idPrefix?: string }) {
  const headings = importHeadings(preview);
  const nothing = preview.errors.length === 0 && preview.create.length === 0 && preview.update.length === 0;
  return (
    <div className="space-y-6">
      {preview.errors.length > 0 && (
        <Alert tone="error" title={`${headings.errors}: nothing can be imported until they are fixed`}>
          <ul aria-label={headings.errors} className="mt-2 list-disc space-y-1 pl-5 break-words">
            {preview.errors.map((error, index) => (
              <li key={index}>
                <span className="font-semibold">Line {error.line}:</span> {error.message}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      {nothing && <Alert tone="info">Nothing to import: everything is unchanged.</Alert>}
      {preview.create.length > 0 && (
        <Section id={`${idPrefix}-create`} title={headings.create}>
          <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
            {preview.create.map((item) => (
              <li key={`${item.kind}:${item.key}`} className="px-3 py-2">
                <ItemName item={item} />
              </li>
            ))}
          </ul>
        </Section>
      )}
      {preview.update.length > 0 && (
        <Section id={`${idPrefix}-update`} title={headings.update}>
          <ul className="space-y-3">
            {preview.update.map((item) => (
              <li
                key={`${item.kind}:${item.key}`}
                className="rounded-lg border border-gray-200 px-3 py-2 dark:border-gray-800"
              >
                <div role="group" aria-label={`Changes to ${item.key}`}>
                  <ItemName item={item} />
                  <dl className="mt-1 divide-y divide-gray-100 dark:divide-gray-800">
                    {item.changes.map((change) => (
                      <ChangeRow key={change.field} change={change} />
                    ))}
                  </dl>
                </div>
              </li>
            ))}
          </ul>
        </Section>
      )}
      {preview.unchanged.length > 0 && (
        <details className="rounded-lg border border-gray-200 px-3 py-2 text-sm dark:border-gray-800">
          <summary className="cursor-pointer font-medium">{headings.unchanged}</summary>
          <ul className="mt-2 space-y-1">
            {preview.unchanged.map((item) => (
              <li key={`${item.kind}:${item.key}`}>
                <ItemName item={item} />
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
