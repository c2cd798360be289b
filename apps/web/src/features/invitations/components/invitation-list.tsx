import type { Invitation } from "@flowdeck/shared/invitations/schemas";
import { RefreshCw, X } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { RoleBadge } from "@/components/ui/role-badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { ConfirmDialog } from "@/components/ui/confirm-dialog.tsx";
import { DataTable, type DataTableColumn } from "@/components/ui/data-table.tsx";
import { EmailText } from "@/components/ui/email-text.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { formatDate } from "@/lib/format-date.ts";
import { INVITATIONS_PAGE_SIZE } from "../api/invitation-keys.ts";
import { useCancelInvitation } from "../api/cancel-invitation.ts";
import { useInvitations } from "../api/get-invitations.ts";
import { useResendInvitation } from "../api/resend-invitation.ts";
import { errorText } from "./error-text.ts";
import { NoticeAlert, type Notice } from "@/components/ui/notice.tsx";

const EMPTY = "No pending invitations";

/** Pending in yellow; a pending invitation past its expiry in red (Resend renews it). */
function StatusBadge({ status }: { status: Invitation["status"] }) {
  return status === "pending" ? <Badge color="yellow">Pending</Badge> : <Badge color="red">Expired</Badge>;
}

/** Pending invitations with Resend and Cancel (spec 2 "Invitations"); live for every admin. */
export function InvitationList({ orgId }: { orgId: string }) {
  const [page, setPage] = useState(1);
  const invitations = useInvitations(orgId, page);
  const resend = useResendInvitation(orgId);
  const cancel = useCancelInvitation(orgId);
  const [cancelling, setCancelling] = useState<Invitation | null>(null);
  const [feedback, setFeedback] = useState<Notice | null>(null);

  const resendTo = (invitation: Invitation) => {
    setFeedback(null);
    resend.mutate(invitation.id, {
      onSuccess: () => setFeedback({ tone: "success", text: `Invitation sent again to ${invitation.email}` }),
      onError: (error) => setFeedback({ tone: "error", text: errorText(error) }),
    });
  };

  const confirmCancel = () => {
    const invitation = cancelling;
    if (!invitation) return;
    setFeedback(null);
    cancel.mutate(invitation.id, {
      onSuccess: () => setFeedback({ tone: "success", text: `The invitation to ${invitation.email} was cancelled` }),
      onError: (error) => setFeedback({ tone: "error", text: errorText(error) }),
      onSettled: () => setCancelling(null),
    });
  };

  const actionsOf = (row: Invitation) => {
    const resending = resend.isPending && resend.variables === row.id;
    return (
      <div className="flex flex-wrap items-center gap-2 md:flex-nowrap">
        <Button
          variant="secondary"
          className="px-3 py-1.5"
          busy={resending}
          onClick={() => resendTo(row)}
          aria-label={`Resend the invitation to ${row.email}`}
        >
          <RefreshCw aria-hidden className={resending ? "size-4 animate-spin" : "size-4"} />
          Resend
        </Button>
        <Button
          variant="secondary"
          className="px-3 py-1.5 text-red-700 dark:text-red-400"
          onClick={() => setCancelling(row)}
          aria-label={`Cancel the invitation to ${row.email}`}
        >
          <X aria-hidden className="size-4" />
          Cancel
        </Button>
      </div>
    );
  };

  const columns: DataTableColumn<Invitation>[] = [
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

  const data = invitations.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / INVITATIONS_PAGE_SIZE)) : 1;
  return (
    <section aria-labelledby="pending-invitations-title" className="space-y-3">
      <h2 id="pending-invitations-title" className="text-lg font-semibold">
        Pending invitations
      </h2>
      <NoticeAlert notice={feedback} onDismiss={() => setFeedback(null)} />
      {invitations.error ? (
        <Alert tone="error" title="The invitations could not be loaded">
          {invitations.error.message}
        </Alert>
      ) : (
        <>
          <div className="hidden md:block">
            <DataTable
              columns={columns}
              rows={data?.items ?? []}
              rowKey={(row) => row.id}
              loading={invitations.isPending}
              emptyMessage={EMPTY}
            />
          </div>
          <div aria-busy={invitations.isPending} className="md:hidden">
            {invitations.isPending ? (
              <Skeleton className="h-32 w-full" />
            ) : !data || data.items.length === 0 ? (
              <p className="rounded-lg border border-gray-200 bg-white p-6 text-center text-sm text-gray-500 dark:border-gray-800 dark:bg-gray-900 dark:text-gray-400">
                {EMPTY}
              </p>
            ) : (
              <ul className="space-y-3">
                {data.items.map((row) => (
                  <li
                    key={row.id}
                    className="space-y-2 rounded-lg border border-gray-200 bg-white p-4 text-sm dark:border-gray-800 dark:bg-gray-900"
                  >
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
                    {actionsOf(row)}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      )}
      {pages > 1 && (
        <nav aria-label="Pagination" className="flex items-center justify-end gap-3 text-sm">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span className="tabular-nums text-gray-600 dark:text-gray-400">
            Page {page} of {pages}
          </span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel invitation"
        message={
          cancelling && (
            <>
              Are you sure you want to cancel the invitation to <strong>{cancelling.email}</strong>? The link in it will
              stop working.
            </>
          )
        }
        confirmLabel="Cancel invitation"
        cancelLabel="Keep it"
        destructive
        busy={cancel.isPending}
        onConfirm={confirmCancel}
        onCancel={() => setCancelling(null)}
      />
    </section>
  );
}
