import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { orgPath } from "./dashboard-keys.ts";

/** The dashboard's quick invitation: always the lowest role (ARCHITECTURE.md, decisions). */
export function sendInvitation(orgId: string, email: string) {
  return api<{ id: string; email: string }>(orgPath(orgId, "invitations"), {
    method: "POST",
    body: { email, role: "viewer" },
  });
}

export function useSendInvitation(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => sendInvitation(orgId, email),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["orgs", orgId, "invitation"] }),
  });
}
