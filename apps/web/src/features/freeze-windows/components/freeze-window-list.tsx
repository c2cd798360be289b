import type { FreezeWindow } from "@flowdeck/shared/freeze-windows/schemas";
import { describeDays } from "@flowdeck/shared/freeze-windows/window-times";
import { Snowflake } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { ConfirmDialog } from "@/components/ui/confirm-dialog.tsx";
import type { DataTableColumn } from "@/components/ui/data-table.tsx";
import { EmptyState } from "@/components/ui/empty-state.tsx";
import { TableOrCards } from "@/components/ui/table-or-cards.tsx";
import { formatDateTime } from "@/lib/format-date.ts";
import { useDeleteFreezeWindow, useFreezeWindows } from "../api/freeze-windows.ts";

/** When a window freezes, in words: its dates, or its days and hours in the organization's time zone. */
function when(window: FreezeWindow, timeZone: string): string {
  if (window.weekly) {
    const { days, from, to } = window.weekly;
    return `Every ${describeDays(days)}, ${from}–${to}${to <= from ? " (next day)" : ""} (${timeZone})`;
  }
  return `${formatDateTime(window.startsAt!)} – ${formatDateTime(window.endsAt!)}`;
}

function Status({ window }: { window: FreezeWindow }) {
  const { occurrence } = window;
  if (!occurrence) return <Badge color="gray">Over</Badge>;
  if (occurrence.active)
    return (
      <span className="flex flex-wrap items-center gap-2">
        <Badge color="red">On now</Badge>
        <span className="text-sm">until {formatDateTime(occurrence.endsAt)}</span>
      </span>
    );
  return <span className="text-sm">Next: {formatDateTime(occurrence.startsAt)}</span>;
}

/** The organization's freeze windows; each can be deleted (after asking). */
export function FreezeWindowList({
  orgId,
  onDeleted,
  emptyAction,
}: {
  orgId: string;
  onDeleted: (reason: string) => void;
  emptyAction?: ReactNode;
}) {
  const windows = useFreezeWindows(orgId);
  const remove = useDeleteFreezeWindow(orgId);
  const [deleting, setDeleting] = useState<FreezeWindow | null>(null);
  const timeZone = windows.data?.timeZone ?? "UTC";
  const action = (window: FreezeWindow) => (
    <Button
      variant="secondary"
      onClick={() => setDeleting(window)}
      aria-label={`Delete the freeze window ${window.reason}`}
    >
      Delete
    </Button>
  );
  const columns: DataTableColumn<FreezeWindow>[] = [
    { key: "reason", header: "Reason", cell: (window) => <span className="wrap-anywhere">{window.reason}</span> },
    { key: "when", header: "When", cell: (window) => <span className="wrap-anywhere">{when(window, timeZone)}</span> },
    { key: "status", header: "Status", cell: (window) => <Status window={window} /> },
    { key: "actions", header: "Actions", cell: action },
  ];

  if (windows.error) return <Alert tone="error">{windows.error.message}</Alert>;
  const items = windows.data?.items ?? [];
  if (windows.data && items.length === 0) {
    return (
      <EmptyState
        icon={<Snowflake aria-hidden className="size-10 text-gray-400" />}
        title="No freeze windows"
        text="Add one for a release weekend, a quarter close or every Friday evening: workflows that respect freeze windows will not start then."
        action={emptyAction}
      />
    );
  }
  const caption = windows.data
    ? `${items.length} ${items.length === 1 ? "freeze window" : "freeze windows"}`
    : "Freeze windows";
  return (
    <section className="space-y-3">
      <TableOrCards
        card={(window) => (
          <article className="space-y-2 rounded-lg border border-gray-200 p-4 dark:border-gray-800">
            <h2 className="font-medium wrap-anywhere">{window.reason}</h2>
            <p className="text-sm wrap-anywhere">{when(window, timeZone)}</p>
            <Status window={window} />
            <div>{action(window)}</div>
          </article>
        )}
        caption={caption}
        columns={columns}
        rows={items}
        rowKey={(window) => window.id}
        loading={windows.isPending}
        emptyMessage="No freeze windows"
      />
      {remove.error && <Alert tone="error">{remove.error.message}</Alert>}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete freeze window"
        message={`Delete the freeze window "${deleting?.reason}"? Runs will no longer be held back by it.`}
        confirmLabel="Delete freeze window"
        destructive
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => onDeleted(deleting.reason),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </section>
  );
}
