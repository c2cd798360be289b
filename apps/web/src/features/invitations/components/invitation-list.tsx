import type { Invitation } from "@flowdeck/shared/invitations/schemas";
import { useState } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { PageNumberPagination } from "@/components/ui/pagination.tsx";
import { ConfirmDialog } from "@/components/ui/confirm-dialog.tsx";
import { TableOrCards } from "@/components/ui/table-or-cards.tsx";
import { INVITATIONS_PAGE_SIZE } from "../api/invitation-keys.ts";
import { useCancelInvitation } from "../api/cancel-invitation.ts";
import { useInvitations } from "../api/get-invitations.ts";
import { useResendInvitation } from "../api/resend-invitation.ts";
import { errorText } from "./error-text.ts";
import { InvitationActions, InvitationCard, invitationColumns } from "./invitation-rows.tsx";
import { NoticeAlert, type Notice } from "@/components/ui/notice.tsx";
import { UnmailedInvitationNotice, type UnmailedInvitation } from "./unmailed-invitation.tsx";

const EMPTY = "No pending invitations";

/** Pending invitations with Resend and Cancel (spec 2 "Invitations"); live for every admin. */
export function InvitationList({ orgId }: { orgId: string }) {
  const [page, setPage] = useState(1);
  const invitations = useInvitations(orgId, page);
  const resend = useResendInvitation(orgId);
  const cancel = useCancelInvitation(orgId);
  const [cancelling, setCancelling] = useState<Invitation | null>(null);
  const [feedback, setFeedback] = useState<Notice | null>(null);
  const [unmailed, setUnmailed] = useState<UnmailedInvitation | null>(null);

  const resendTo = (invitation: Invitation) => {
    setFeedback(null);
    setUnmailed(null);
    resend.mutate(invitation.id, {
      onSuccess: (sent) =>
        sent.mailed
          ? setFeedback({ tone: "success", text: `Invitation sent again to ${invitation.email}` })
          : setUnmailed({ email: sent.email, link: sent.link }),
      onError: (error) => setFeedback({ tone: "error", text: errorText(error) }),
    });
  };

  const confirmCancel = () => {
    const invitation = cancelling;
    if (!invitation) return;
    setFeedback(null);
    setUnmailed(null);
    cancel.mutate(invitation.id, {
      onSuccess: () => setFeedback({ tone: "success", text: `The invitation to ${invitation.email} was cancelled` }),
      onError: (error) => setFeedback({ tone: "error", text: errorText(error) }),
      onSettled: () => setCancelling(null),
    });
  };

  const actionsOf = (row: Invitation) => (
    <InvitationActions
      row={row}
      resending={resend.isPending && resend.variables === row.id}
      onResend={resendTo}
      onCancel={setCancelling}
    />
  );

  const data = invitations.data;
  return (
    <section aria-labelledby="pending-invitations-title" className="space-y-3">
      <h2 id="pending-invitations-title" className="text-lg font-semibold">
        Pending invitations
      </h2>
      <NoticeAlert notice={feedback} onDismiss={() => setFeedback(null)} />
      {unmailed && <UnmailedInvitationNotice invitation={unmailed} onDismiss={() => setUnmailed(null)} />}
      {invitations.error ? (
        <Alert tone="error" title="The invitations could not be loaded">
          {invitations.error.message}
        </Alert>
      ) : (
        <TableOrCards
          columns={invitationColumns(actionsOf)}
          rows={data?.items ?? []}
          rowKey={(row) => row.id}
          loading={invitations.isPending}
          emptyMessage={EMPTY}
          card={(row) => <InvitationCard row={row} actions={actionsOf(row)} />}
        />
      )}
      <PageNumberPagination
        label="Invitation pages"
        page={page}
        pageSize={INVITATIONS_PAGE_SIZE}
        shown={data?.items.length ?? 0}
        total={data?.total ?? 0}
        onPageChange={setPage}
      />
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
