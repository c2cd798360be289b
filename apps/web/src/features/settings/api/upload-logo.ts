import type { Logo, OrganizationSettings } from "@flowdeck/shared/settings/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { meQueryKey } from "@/lib/session/get-me.ts";
import { fileForm, uploadForm } from "@/lib/upload-form.ts";
import { logoPath, settingsKeys } from "./settings-keys.ts";

export function uploadLogo(orgId: string, file: File) {
  return uploadForm<Logo>(logoPath(orgId), fileForm(file), { method: "PUT" });
}

export function useUploadLogo(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadLogo(orgId, file),
    onSuccess: async (logo) => {
      queryClient.setQueryData<OrganizationSettings>(settingsKeys.settings(orgId), (settings) =>
        settings ? { ...settings, ...logo } : settings,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsKeys.all(orgId) }),
        // The shell shows the logo next to the organization's name.
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]);
    },
  });
}
