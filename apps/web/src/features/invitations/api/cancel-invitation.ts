import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { invitationKeys, invitationsPath } from "./invitation-keys.ts";

export function cancelInvitation(orgId: string, id: string) {
  return api<void>(invitationsPath(orgId, `/${encodeURIComponent(id)}`), { method: "DELETE" });
}

export function useCancelInvitation(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => cancelInvitation(orgId, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationKeys.all(orgId) }),
  });
}
