import type { CreateTaskInput, Task } from "@flowdeck/shared/tasks/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { taskKeys, tasksPath } from "./task-keys.ts";

export function createTask(orgId: string, input: CreateTaskInput) {
  return api<Task>(tasksPath(orgId), { method: "POST", body: input });
}

export function useCreateTask(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTaskInput) => createTask(orgId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.all(orgId) }),
  });
}
