import type { TaskListQuery } from "@flowdeck/shared/tasks/schemas";

/**
 * Every key starts with ["orgs", orgId, "task"]: the live-update hook invalidates that prefix when
 * the server announces a task change, so lists and statistics refresh for everyone.
 */
export const taskKeys = {
  all: (orgId: string) => ["orgs", orgId, "task"] as const,
  list: (orgId: string, query: TaskListQuery) => ["orgs", orgId, "task", "list", query] as const,
  stats: (orgId: string) => ["orgs", orgId, "task", "stats"] as const,
};

export function tasksPath(orgId: string, rest = "") {
  return `/api/orgs/${encodeURIComponent(orgId)}/tasks${rest}`;
}
