import type { Me } from "@flowdeck/shared";
import type { Profile, UpdateProfileInput } from "@flowdeck/shared/profile/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { meQueryKey } from "@/lib/session/get-me.ts";
import { api } from "@/lib/api-client.ts";
import { PROFILE_PATH, profileKeys } from "./profile-keys.ts";

export function updateProfile(input: UpdateProfileInput) {
  return api<Profile>(PROFILE_PATH, { method: "PATCH", body: input });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (profile) => {
      queryClient.setQueryData(profileKeys.profile, profile);
      // The badge in the shell shows the new name at once, before ["me"] is fetched again.
      queryClient.setQueryData<Me>(meQueryKey, (me) =>
        me ? { ...me, user: { ...me.user, displayName: profile.displayName || null } } : me,
      );
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
