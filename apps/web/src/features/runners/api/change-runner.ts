import type { Runner, UpdateRunnerInput } from "@flowdeck/shared/runners/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { runnerKeys, runnersPath } from "./runner-keys.ts";

export function useUpdateRunner(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ runnerId, changes }: { runnerId: string; changes: UpdateRunnerInput }) =>
      api<Runner>(runnersPath(orgId, `/${encodeURIComponent(runnerId)}`), { method: "PATCH", body: changes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: runnerKeys.all(orgId) }),
  });
}

export function useRevokeRunner(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (runnerId: string) =>
      api<void>(runnersPath(orgId, `/${encodeURIComponent(runnerId)}/revoke`), { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: runnerKeys.all(orgId) }),
  });
}
