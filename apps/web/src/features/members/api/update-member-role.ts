import type { Role } from "@flowdeck/shared";
import type { Member } from "@flowdeck/shared/members/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { memberKeys, membersPath } from "./member-keys.ts";

export function updateMemberRole(orgId: string, userId: string, role: Role) {
  return api<Member>(membersPath(orgId, userId), { method: "PATCH", body: { role } });
}

export function useUpdateMemberRole(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) => updateMemberRole(orgId, userId, role),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.all(orgId) }),
  });
}
