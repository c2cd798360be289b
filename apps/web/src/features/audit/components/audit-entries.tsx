import { AUDIT_ACTIONS } from "@flowdeck/shared/audit/actions";
import type { AuditEntry } from "@flowdeck/shared/audit/schemas";
import { DataTable, type DataTableColumn } from "@/components/ui/data-table.tsx";
import { Badge, type BadgeColor } from "@/components/ui/badge.tsx";
import { formatDateTime } from "@/lib/format-date.ts";
import { ACTOR_KIND_LABELS, ENTITY_LABELS } from "./audit-labels.ts";

const BADGE_COLORS: Record<AuditEntry["entityType"], BadgeColor> = {
  organization: "purple",
  member: "blue",
  invitation: "blue",
  credit: "yellow",
  task: "green",
  workflow: "green",
  document: "gray",
  user: "red",
};

const COLUMNS: DataTableColumn<AuditEntry>[] = [
  {
    key: "at",
    header: "When",
    className: "whitespace-nowrap",
    cell: (entry) => <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>,
  },
  { key: "actor", header: "Actor", cell: (entry) => <ActorCell entry={entry} /> },
  {
    key: "action",
    header: "Action",
    className: "whitespace-nowrap",
    cell: (entry) => (
      <Badge color={BADGE_COLORS[entry.entityType]}>{AUDIT_ACTIONS[entry.action]?.label ?? entry.action}</Badge>
    ),
  },
  { key: "summary", header: "What happened", className: "min-w-64", cell: (entry) => <SummaryCell entry={entry} /> },
  { key: "entity", header: "Entity", cell: (entry) => ENTITY_LABELS[entry.entityType] },
  {
    key: "origin",
    header: "From",
    cell: (entry) => (
      <span className="text-xs text-gray-500 dark:text-gray-400" title={entry.userAgent ?? undefined}>
        {entry.ip ?? "—"}
      </span>
    ),
  },
];

/** The log as a table: newest first, each change with who, what and from where. */
export function AuditEntries({ entries, loading }: { entries: AuditEntry[]; loading: boolean }) {
  return (
    <DataTable
      caption="Audit log entries, newest first"
      columns={COLUMNS}
      rows={entries}
      rowKey={(entry) => entry.id}
      loading={loading}
      emptyMessage="No entries match these filters."
    />
  );
}

function ActorCell({ entry }: { entry: AuditEntry }) {
  const { actor } = entry;
  return (
    <div className="min-w-32">
      <div className="font-medium text-gray-900 dark:text-gray-100">{actor.label || "Unknown"}</div>
      <div className="text-xs text-gray-500 dark:text-gray-400">
        {ACTOR_KIND_LABELS[actor.kind]}
        {actor.onBehalfOf ? ` · for ${actor.onBehalfOf.name}` : ""}
      </div>
    </div>
  );
}

function SummaryCell({ entry }: { entry: AuditEntry }) {
  const changes = Object.entries(entry.changes ?? {});
  return (
    <div>
      <p>{entry.summary}</p>
      {changes.length > 0 && (
        <details className="mt-1 text-xs text-gray-600 dark:text-gray-400">
          <summary className="cursor-pointer select-none">What changed</summary>
          <dl className="mt-1 space-y-1">
            {changes.map(([field, change]) => (
              <div key={field} className="break-words">
                <dt className="inline font-medium">{field}: </dt>
                <dd className="inline">
                  {"before" in change && <span className="line-through">{show(change.before)}</span>}
                  {"before" in change && "after" in change && " → "}
                  {"after" in change && <span>{show(change.after)}</span>}
                </dd>
              </div>
            ))}
          </dl>
        </details>
      )}
    </div>
  );
}

function show(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  return typeof value === "string" ? value : JSON.stringify(value);
}
