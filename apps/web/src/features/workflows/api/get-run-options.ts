import type { RunOptions } from "@flowdeck/shared/workflows/schemas";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { workflowKeys, workflowPath } from "./workflow-keys.ts";

/** What Run now offers for a workflow: the platforms with commands and the runners of each. */
export function useRunOptions(orgId: string, workflowId: string, enabled: boolean) {
  return useQuery({
    queryKey: workflowKeys.runOptions(orgId, workflowId),
    queryFn: ({ signal }) => api<RunOptions>(workflowPath(orgId, workflowId, "/run-options"), { signal }),
    enabled,
    staleTime: 0,
  });
}
