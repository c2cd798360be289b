import type { Me } from "@flowdeck/shared";
import type { Avatar, Profile } from "@flowdeck/shared/profile/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { meQueryKey } from "@/lib/session/get-me.ts";
import { fileForm, uploadForm } from "@/lib/upload-form.ts";
import { AVATAR_PATH, profileKeys } from "./profile-keys.ts";

export function uploadAvatar(file: File) {
  return uploadForm<Avatar>(AVATAR_PATH, fileForm(file), { method: "PUT" });
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: async (avatar) => {
      queryClient.setQueryData<Profile>(profileKeys.profile, (profile) =>
        profile ? { ...profile, ...avatar } : profile,
      );
      // The badge in the shell shows the new picture at once.
      queryClient.setQueryData<Me>(meQueryKey, (me) =>
        me ? { ...me, user: { ...me.user, avatarUrl: avatar.avatarUrl } } : me,
      );
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
