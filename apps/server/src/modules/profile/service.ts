import { AppError, MESSAGES } from "@flowdeck/shared";
import { userAvatarUrl } from "@flowdeck/shared/images/urls";
import type { Profile } from "@flowdeck/shared/profile/schemas";
import type { Executor } from "../../db/database.ts";
import type { AuditChanges } from "@flowdeck/shared/audit/schemas";
import type { UserActor } from "../../lib/actor.ts";
import { changesBetween } from "../../lib/audit-changes.ts";
import { transact, type ChangeContext, type ChangeLog } from "../../lib/change-log.ts";
import { imageMetadataOf } from "../../lib/images.ts";
import { updateUserProfile } from "../users/repository.ts";
import { findProfile, listOrganizationIdsOfUser } from "./repository.ts";

/** Spec 2 "Profile": the signed-in user's own details. */
export async function getProfile({ db, userId }: { db: Executor; userId: string }): Promise<Profile> {
  const row = await findProfile(db, userId);
  if (!row) throw new AppError("unauthenticated", MESSAGES.notSignedIn);
  return {
    id: row.id,
    email: row.email,
    displayName: row.name,
    phone: row.phone,
    avatarUrl: row.avatar ? userAvatarUrl(row.id, row.avatar.uploadedAt) : null,
    avatarMetadata: row.avatar ? imageMetadataOf(row.avatar) : null,
    twoFactorEnabled: row.twoFactorEnabled,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Display name and phone; the email never changes here (the schema refuses it). */
export async function updateProfile({
  changes,
  ...context
}: UserContext & { changes: { displayName?: string; phone?: string | null } }): Promise<Profile> {
  const { db, actor } = context;
  const { userId } = actor;
  await transact(context, async (tx, log) => {
    const before = await getProfile({ db: tx, userId });
    await updateUserProfile(tx, userId, { name: changes.displayName, phone: changes.phone });
    const after = await getProfile({ db: tx, userId });
    await recordMemberChange(tx, log, userId, {
      summary: `${after.displayName || after.email} changed their profile`,
      changes: changesBetween(before, after, ["displayName", "phone"]),
    });
  });
  return getProfile({ db, userId });
}

type UserContext = ChangeContext & { actor: UserActor };

/**
 * A member's name or picture shows in their organizations' member lists: each organization records
 * the change and hears of it, so those lists (and every member's shell) refresh without a reload.
 */
export async function recordMemberChange(
  tx: Executor,
  log: ChangeLog,
  userId: string,
  change: { summary: string; changes?: AuditChanges | null },
) {
  for (const organizationId of await listOrganizationIdsOfUser(tx, userId)) {
    log.record({ action: "member.profile_updated", organizationId, entityId: userId, ...change });
  }
}
