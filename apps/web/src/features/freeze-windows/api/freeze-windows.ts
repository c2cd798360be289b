import type { CreateFreezeWindowInput, FreezeWindow, FreezeWindowList } from "@flowdeck/shared/freeze-windows/schemas";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { freezeWindowKeys, freezeWindowsPath } from "./freeze-window-keys.ts";

/** The organization's freeze windows, each with its current or next occurrence, and the time zone they are read in. */
export function useFreezeWindows(orgId: string) {
  return useQuery({
    queryKey: freezeWindowKeys.list(orgId),
    queryFn: ({ signal }) => api<FreezeWindowList>(freezeWindowsPath(orgId), { signal }),
  });
}

export function useCreateFreezeWindow(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateFreezeWindowInput) =>
      api<FreezeWindow>(freezeWindowsPath(orgId), { method: "POST", body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: freezeWindowKeys.all(orgId) }),
  });
}

export function useDeleteFreezeWindow(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(freezeWindowsPath(orgId, id), { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: freezeWindowKeys.all(orgId) }),
  });
}
