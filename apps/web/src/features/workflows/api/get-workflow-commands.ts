import type { WorkflowCommand } from "@flowdeck/shared/workflows/schemas";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { workflowsPath } from "./workflow-keys.ts";
import { orgKey } from "@/lib/org-api.ts";

export async function getWorkflowCommands(orgId: string, signal?: AbortSignal) {
  return (await api<{ items: WorkflowCommand[] }>(workflowsPath(orgId, "/commands"), { signal })).items;
}

/** The picker's active commands. Under the "task" entity, so a command change refreshes them. */
export function workflowCommandsQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: orgKey(orgId, "task", "workflow-commands"),
    queryFn: ({ signal }) => getWorkflowCommands(orgId, signal),
  });
}

export function useWorkflowCommands(orgId: string, enabled = true) {
  return useQuery({ ...workflowCommandsQueryOptions(orgId), enabled });
}
