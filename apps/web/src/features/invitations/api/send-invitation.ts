import type { CreateInvitationInput, Invitation } from "@flowdeck/shared/invitations/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { invitationKeys, invitationsPath } from "./invitation-keys.ts";

export function sendInvitation(orgId: string, body: CreateInvitationInput) {
  return api<Invitation>(invitationsPath(orgId), { method: "POST", body });
}

export function useSendInvitation(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInvitationInput) => sendInvitation(orgId, body),
    // A failed mail still leaves the invitation in the list (for Resend): refresh either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationKeys.all(orgId) }),
  });
}
