import type { OrganizationSettings } from "@flowdeck/shared/settings/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { meQueryKey } from "@/lib/session/get-me.ts";
import { api } from "@/lib/api-client.ts";
import { logoPath, settingsKeys } from "./settings-keys.ts";

export function removeLogo(orgId: string) {
  return api<void>(logoPath(orgId), { method: "DELETE" });
}

export function useRemoveLogo(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => removeLogo(orgId),
    onSuccess: async () => {
      queryClient.setQueryData<OrganizationSettings>(settingsKeys.settings(orgId), (settings) =>
        settings ? { ...settings, logoUrl: null, logoMetadata: null } : settings,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsKeys.all(orgId) }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]);
    },
  });
}
