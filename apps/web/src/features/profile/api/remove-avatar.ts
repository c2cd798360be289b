import type { Me } from "@flowdeck/shared";
import type { Profile } from "@flowdeck/shared/profile/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { meQueryKey } from "@/lib/session/get-me.ts";
import { api } from "@/lib/api-client.ts";
import { AVATAR_PATH, profileKeys } from "./profile-keys.ts";

export function removeAvatar() {
  return api<void>(AVATAR_PATH, { method: "DELETE" });
}

export function useRemoveAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAvatar,
    onSuccess: async () => {
      queryClient.setQueryData<Profile>(profileKeys.profile, (profile) =>
        profile ? { ...profile, avatarUrl: null, avatarMetadata: null } : profile,
      );
      queryClient.setQueryData<Me>(meQueryKey, (me) => (me ? { ...me, user: { ...me.user, avatarUrl: null } } : me));
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
