import { transact, type OrgScope } from "../../lib/change-log.ts";
import type { Executor } from "../../db/database.ts";
import { listMutes, setMute } from "./mutes-repository.ts";

/** A member mutes (or unmutes) an organization's notification mail for themself. */
export async function muteOrganization({ userId, muted, ...context }: OrgScope & { userId: string; muted: boolean }) {
  await transact(context, async (tx, log) => {
    await setMute(tx, { userId, organizationId: context.organizationId, muted });
    log.record({
      action: "notifications.muted",
      entityId: userId,
      summary: muted ? "Muted this organization's notification mail" : "Unmuted this organization's notification mail",
    });
  });
}

/** The organizations whose notification mail this person has muted (their profile's list). */
export async function listMutedOrganizations({ db, userId }: { db: Executor; userId: string }) {
  return { items: await listMutes(db, userId) };
}
