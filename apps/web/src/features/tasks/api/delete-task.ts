import type { DeleteTaskResult } from "@flowdeck/shared/tasks/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { taskKeys, tasksPath } from "./task-keys.ts";
import { orgKey } from "@/lib/org-api.ts";

export function deleteTask(orgId: string, taskId: string) {
  return api<DeleteTaskResult>(tasksPath(orgId, `/${encodeURIComponent(taskId)}`), { method: "DELETE" });
}

export function useDeleteTask(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (taskId: string) => deleteTask(orgId, taskId),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: taskKeys.all(orgId) });
      // Workflows that ran the command now show its step as deleted.
      if (result.detachedFrom.length > 0) void queryClient.invalidateQueries({ queryKey: orgKey(orgId, "workflow") });
    },
  });
}
