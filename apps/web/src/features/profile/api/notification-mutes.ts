import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { orgPath } from "@/lib/org-api.ts";

type Mute = { organizationId: string; organizationName: string; muted: boolean };

const mutesKey = ["profile", "notification-mutes"] as const;

export function getNotificationMutes(signal?: AbortSignal) {
  return api<{ items: Mute[] }>("/api/profile/notification-mutes", { signal });
}

export function useNotificationMutes() {
  return useQuery({ queryKey: mutesKey, queryFn: ({ signal }) => getNotificationMutes(signal) });
}

export function setNotificationMute(organizationId: string, muted: boolean) {
  return api<{ muted: boolean }>(orgPath(organizationId, `notifications/mute`), {
    method: "PUT",
    body: { muted },
  });
}

export function useSetNotificationMute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ organizationId, muted }: { organizationId: string; muted: boolean }) =>
      setNotificationMute(organizationId, muted),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mutesKey }),
  });
}
