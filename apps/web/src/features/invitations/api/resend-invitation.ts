import type { SentInvitation } from "@flowdeck/shared/invitations/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { invitationKeys, invitationsPath } from "./invitation-keys.ts";

export function resendInvitation(orgId: string, id: string) {
  return api<SentInvitation>(invitationsPath(orgId, `/${encodeURIComponent(id)}/resend`), { method: "POST" });
}

export function useResendInvitation(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => resendInvitation(orgId, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationKeys.all(orgId) }),
  });
}
