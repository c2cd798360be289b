import type { Task, UpdateTaskInput } from "@flowdeck/shared/tasks/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { taskKeys, tasksPath } from "./task-keys.ts";

export function updateTask(orgId: string, taskId: string, input: UpdateTaskInput) {
  return api<Task>(tasksPath(orgId, `/${encodeURIComponent(taskId)}`), { method: "PATCH", body: input });
}

export function useUpdateTask(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, input }: { taskId: string; input: UpdateTaskInput }) => updateTask(orgId, taskId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.all(orgId) }),
  });
}
