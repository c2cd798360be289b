import type { OrganizationSettings, UpdateOrganizationSettingsInput } from "@flowdeck/shared/settings/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { meQueryKey } from "@/lib/session/get-me.ts";
import { api } from "@/lib/api-client.ts";
import { settingsKeys, settingsPath } from "./settings-keys.ts";

export function updateOrganizationSettings(orgId: string, input: UpdateOrganizationSettingsInput) {
  return api<OrganizationSettings>(settingsPath(orgId), { method: "PATCH", body: input });
}

export function useUpdateOrganizationSettings(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateOrganizationSettingsInput) => updateOrganizationSettings(orgId, input),
    onSuccess: async (settings) => {
      queryClient.setQueryData(settingsKeys.settings(orgId), settings);
      // The shell shows the organization's name.
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
