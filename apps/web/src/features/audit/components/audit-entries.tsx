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
  apiToken: "red",
  runner: "purple",
  run: "green",
  notificationRule: "yellow",
  secret: "red",
  hook: "purple",
  freezeWindow: "yellow",
};

const COLUMNS: DataTableColumn<AuditEntry>[] = [
  {
    key: "at",
    header: "When",
    className: "w-36",
    cell: (entry) => <When entry={entry} />,
  },
  { key: "actor", header: "Actor", className: "min-w-64", cell: (entry) => <ActorCell entry={entry} /> },
  { key: "action", header: "Action", className: "w-48", cell: (entry) => <ActionCell entry={entry} /> },
  { key: "summary", header: "What happened", cell: (entry) => <SummaryCell entry={entry} /> },
];

/**
 * The log, newest first, each change with who, what and from where: a table from tablet width up,
 * a list of cards on a phone, where four columns do not fit.
 */
export function AuditEntries({ entries, loading }: { entries: AuditEntry[]; loading: boolean }) {
  return (
    <>
      <div className="hidden md:block">
        <DataTable
          caption="Audit log entries, newest first"
          columns={COLUMNS}
          rows={entries}
          rowKey={(entry) => entry.id}
          loading={loading}
          emptyMessage="No entries match these filters."
        />
      </div>
      <ul aria-label="Audit log entries" className="space-y-3 md:hidden">
        {!loading && entries.length === 0 && (
          <li className="rounded-lg border border-gray-200 bg-white px-4 py-6 text-center text-sm text-gray-500 dark:border-gray-800 dark:bg-gray-900 dark:text-gray-400">
            No entries match these filters.
          </li>
        )}
        {entries.map((entry) => (
          <li
            key={entry.id}
            className="min-w-0 space-y-2 rounded-lg border border-gray-200 bg-white p-4 text-sm wrap-anywhere dark:border-gray-800 dark:bg-gray-900"
          >
            <div className="flex items-start justify-between gap-3">
              <ActionCell entry={entry} />
              <When entry={entry} />
            </div>
            <SummaryCell entry={entry} />
            <ActorCell entry={entry} />
          </li>
        ))}
      </ul>
    </>
  );
}

function When({ entry }: { entry: AuditEntry }) {
  return (
    <time dateTime={entry.at} className="text-xs whitespace-nowrap text-gray-500 dark:text-gray-400">
      {formatDateTime(entry.at)}
    </time>
  );
}

function ActionCell({ entry }: { entry: AuditEntry }) {
  return (
    <div className="space-y-1">
      <Badge color={BADGE_COLORS[entry.entityType]}>{AUDIT_ACTIONS[entry.action]?.label ?? entry.action}</Badge>
      <div className="text-xs text-gray-500 dark:text-gray-400">{ENTITY_LABELS[entry.entityType]}</div>
    </div>
  );
}

function ActorCell({ entry }: { entry: AuditEntry }) {
  const { actor } = entry;
  return (
    <div>
      <div className="font-medium wrap-anywhere text-gray-900 dark:text-gray-100">{actor.label || "Unknown"}</div>
      <div className="text-xs text-gray-500 dark:text-gray-400">
        {ACTOR_KIND_LABELS[actor.kind]}
        {actor.onBehalfOf ? ` · for ${actor.onBehalfOf.name}` : ""}
        {entry.ip && (
          <>
            {" · "}
            <span title={entry.userAgent ?? undefined}>{entry.ip}</span>
          </>
        )}
      </div>
    </div>
  );
}

function SummaryCell({ entry }: { entry: AuditEntry }) {
  const changes = Object.entries(entry.changes ?? {});
  return (
    <div>
      <p className="wrap-anywhere">{entry.summary}</p>
      {changes.length > 0 && (
        <details className="mt-1 text-xs text-gray-600 dark:text-gray-400">
          <summary className="cursor-pointer select-none">What changed</summary>
          <dl className="mt-1 space-y-1">
            {changes.map(([field, change]) => (
              <div key={field} className="wrap-anywhere">
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
