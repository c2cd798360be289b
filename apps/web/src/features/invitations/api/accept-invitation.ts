import type { AcceptedInvitation } from "@flowdeck/shared/invitations/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { meQueryKey } from "@/lib/session/get-me.ts";
import { codePath } from "./invitation-keys.ts";

export function acceptInvitation(code: string) {
  return api<AcceptedInvitation>(codePath(code, "/accept"), { method: "POST" });
}

/** Accepting makes the organization current: /api/me is fetched again before the caller moves on. */
export function useAcceptInvitation(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => acceptInvitation(code),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
