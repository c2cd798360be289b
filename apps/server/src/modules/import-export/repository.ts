import { asc, eq } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import { memberships, tasks, user } from "../../db/schema/index.ts";

/** Every command of the organization with what an export holds of it, by name then id. */
export async function listAllCommands(db: Executor, organizationId: string) {
  return db
    .select({
      id: tasks.id,
      name: tasks.name,
      description: tasks.description,
      category: tasks.category,
      status: tasks.status,
      priority: tasks.priority,
      projectId: tasks.projectId,
      dueDate: tasks.dueDate,
      tags: tasks.tags,
      commandLinux: tasks.commandLinux,
      commandMac: tasks.commandMac,
      commandWindows: tasks.commandWindows,
    })
    .from(tasks)
    .where(eq(tasks.organizationId, organizationId))
    .orderBy(asc(tasks.name), asc(tasks.id));
}
export type CommandRow = Awaited<ReturnType<typeof listAllCommands>>[number];

/** The members' ids and addresses: a rule's recipients are written by address, never by id. */
export async function listMemberAddresses(db: Executor, organizationId: string) {
  return db
    .select({ userId: memberships.userId, email: user.email })
    .from(memberships)
    .innerJoin(user, eq(user.id, memberships.userId))
    .where(eq(memberships.organizationId, organizationId));
}
