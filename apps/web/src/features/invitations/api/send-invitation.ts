import type { CreateInvitationInput, SentInvitation } from "@flowdeck/shared/invitations/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { IDEMPOTENCY_HEADER } from "@/lib/idempotency-key.ts";
import { invitationKeys, invitationsPath } from "./invitation-keys.ts";

/** One key per intended invitation (lib/idempotency-key.ts): a retry invites and mails once. */
export type SendInvitationVariables = { body: CreateInvitationInput; idempotencyKey: string };

export function sendInvitation(orgId: string, { body, idempotencyKey }: SendInvitationVariables) {
  return api<SentInvitation>(invitationsPath(orgId), {
    method: "POST",
    body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}

export function useSendInvitation(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: SendInvitationVariables) => sendInvitation(orgId, variables),
    // A failed mail still leaves the invitation in the list (for Resend): refresh either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationKeys.all(orgId) }),
  });
}
