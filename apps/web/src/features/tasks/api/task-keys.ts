import type { TaskListQuery } from "@flowdeck/shared/tasks/schemas";
import { orgKey, orgPath } from "@/lib/org-api.ts";

/**
 * Every key starts with orgKey(orgId, "task"): the live-update hook invalidates that prefix when
 * the server announces a task change, so lists and statistics refresh for everyone.
 */
export const taskKeys = {
  all: (orgId: string) => orgKey(orgId, "task"),
  list: (orgId: string, query: TaskListQuery) => orgKey(orgId, "task", "list", query),
  stats: (orgId: string) => orgKey(orgId, "task", "stats"),
};

export function tasksPath(orgId: string, rest = "") {
  return orgPath(orgId, `tasks${rest}`);
}
