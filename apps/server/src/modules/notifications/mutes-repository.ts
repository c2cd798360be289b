import { and, asc, eq } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import { memberships, notificationMutes, organizations } from "../../db/schema/index.ts";

/** The user's organizations and whether each one's notification mail is muted. */
export async function listMutes(db: Executor, userId: string) {
  const rows = await db
    .select({
      organizationId: organizations.id,
      organizationName: organizations.name,
      mutedBy: notificationMutes.userId,
    })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .leftJoin(
      notificationMutes,
      and(eq(notificationMutes.organizationId, organizations.id), eq(notificationMutes.userId, userId)),
    )
    .where(eq(memberships.userId, userId))
    .orderBy(asc(organizations.name), asc(organizations.id));
  return rows.map(({ mutedBy, ...row }) => ({ ...row, muted: mutedBy !== null }));
}

export async function setMute(db: Executor, options: { userId: string; organizationId: string; muted: boolean }) {
  const { userId, organizationId } = options;
  if (options.muted) {
    await db.insert(notificationMutes).values({ userId, organizationId }).onConflictDoNothing();
  } else {
    await db
      .delete(notificationMutes)
      .where(and(eq(notificationMutes.userId, userId), eq(notificationMutes.organizationId, organizationId)));
  }
}
