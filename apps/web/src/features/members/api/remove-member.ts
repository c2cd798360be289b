import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { memberKeys, membersPath } from "./member-keys.ts";

export function removeMember(orgId: string, userId: string) {
  return api<void>(membersPath(orgId, userId), { method: "DELETE" });
}

export function useRemoveMember(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeMember(orgId, userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.all(orgId) }),
  });
}
