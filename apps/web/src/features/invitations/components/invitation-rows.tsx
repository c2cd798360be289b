import type { Invitation } from "@flowdeck/shared/invitations/schemas";
import { RefreshCw, X } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import type { DataTableColumn } from "@/components/ui/data-table.tsx";
import { EmailText } from "@/components/ui/email-text.tsx";
import { RoleBadge } from "@/components/ui/role-badge.tsx";
import { formatDate } from "@/lib/format-date.ts";

/** Pending in yellow; a pending invitation past its expiry in red (Resend renews it). */
function StatusBadge({ status }: { status: Invitation["status"] }) {
  return status === "pending" ? <Badge color="yellow">Pending</Badge> : <Badge color="red">Expired</Badge>;
}

/** Resend and Cancel of one invitation. */
export function InvitationActions({
  row,
  resending,
  onResend,
  onCancel,
}: {
  row: Invitation;
  resending: boolean;
  onResend: (row: Invitation) => void;
  onCancel: (row: Invitation) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2 md:flex-nowrap">
      <Button
        variant="secondary"
        className="px-3 py-1.5"
        busy={resending}
        onClick={() => onResend(row)}
        aria-label={`Resend the invitation to ${row.email}`}
      >
        <RefreshCw aria-hidden className={resending ? "size-4 animate-spin" : "size-4"} />
        Resend
      </Button>
      <Button
        variant="secondary"
        className="px-3 py-1.5 text-red-700 dark:text-red-400"
        onClick={() => onCancel(row)}
        aria-label={`Cancel the invitation to ${row.email}`}
      >
        <X aria-hidden className="size-4" />
        Cancel
      </Button>
    </div>
  );
}

/** The table's columns on a wide screen; `actionsOf` draws a row's buttons. */
export function invitationColumns(actionsOf: (row: Invitation) => ReactNode): DataTableColumn<Invitation>[] {
  return [
    {
      key: "email",
      header: "Email",
      cell: (row) => (
        <span className="wrap-anywhere text-gray-900 dark:text-gray-100">
          <EmailText email={row.email} />
        </span>
      ),
    },
    { key: "role", header: "Role", cell: (row) => <RoleBadge role={row.role} /> },
    {
      key: "invitedBy",
      header: "Invited by",
      cell: (row) => (
        <span className="wrap-anywhere">
          <EmailText email={row.invitedByName || "—"} />
        </span>
      ),
    },
    { key: "status", header: "Status", cell: (row) => <StatusBadge status={row.status} /> },
    {
      key: "expires",
      header: "Expires",
      cell: (row) => (
        <time dateTime={row.expiresAt} className="whitespace-nowrap">
          {formatDate(row.expiresAt)}
        </time>
      ),
    },
    { key: "actions", header: "Actions", cell: actionsOf },
  ];
}

/** One invitation as a card, on a phone. */
export function InvitationCard({ row, actions }: { row: Invitation; actions: ReactNode }) {
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 font-medium wrap-anywhere text-gray-900 dark:text-gray-100">
          <EmailText email={row.email} />
        </p>
        <StatusBadge status={row.status} />
      </div>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-gray-600 dark:text-gray-400">
        <RoleBadge role={row.role} />
        <span className="wrap-anywhere">
          by <EmailText email={row.invitedByName || "—"} />
        </span>
      </p>
      <p className="text-xs text-gray-500 dark:text-gray-400">
        Expires <time dateTime={row.expiresAt}>{formatDate(row.expiresAt)}</time>
      </p>
      {actions}
    </>
  );
}
