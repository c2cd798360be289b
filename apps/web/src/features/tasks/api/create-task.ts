import type { CreateTaskInput, Task } from "@flowdeck/shared/tasks/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { IDEMPOTENCY_HEADER } from "@/lib/idempotency-key.ts";
import { taskKeys, tasksPath } from "./task-keys.ts";

export type CreateTaskVariables = { input: CreateTaskInput; idempotencyKey: string };

export function createTask(orgId: string, { input, idempotencyKey }: CreateTaskVariables) {
  return api<Task>(tasksPath(orgId), {
    method: "POST",
    body: input,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}

export function useCreateTask(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: CreateTaskVariables) => createTask(orgId, variables),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.all(orgId) }),
  });
}
