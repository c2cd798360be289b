import type { TwoFactorRequirement } from "@flowdeck/shared/settings/two-factor-requirement";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { meQueryKey } from "@/lib/session/get-me.ts";
import { settingsKeys, twoFactorRequirementPath } from "./settings-keys.ts";

/** Whether every member must sign in with a second factor (an owner's setting). */
export function useTwoFactorRequirement(orgId: string) {
  return useQuery({
    queryKey: settingsKeys.twoFactorRequirement(orgId),
    queryFn: ({ signal }) => api<TwoFactorRequirement>(twoFactorRequirementPath(orgId), { signal }),
  });
}

export function useUpdateTwoFactorRequirement(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (required: boolean) =>
      api<TwoFactorRequirement>(twoFactorRequirementPath(orgId), { method: "PUT", body: { required } }),
    onSuccess: async (data) => {
      queryClient.setQueryData(settingsKeys.twoFactorRequirement(orgId), data);
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
