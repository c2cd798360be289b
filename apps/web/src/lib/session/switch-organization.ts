import type { Me } from "@flowdeck/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { meQueryKey } from "./get-me.ts";

export function useSwitchOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (organizationId: string) =>
      api<Me>("/api/me/current-organization", { method: "PUT", body: { organizationId } }),
    onSuccess: (me) => {
      // Everything cached belonged to the previous organization.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] === "orgs" });
      queryClient.setQueryData(meQueryKey, me);
    },
  });
}
