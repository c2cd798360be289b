import { AppError, MESSAGES } from "@flowdeck/shared";
import { userAvatarUrl } from "@flowdeck/shared/images/urls";
import type { Avatar } from "@flowdeck/shared/profile/schemas";
import type { Executor } from "../../db/database.ts";
import { actorLabel, type UserActor } from "../../lib/actor.ts";
import { transact, type ChangeContext } from "../../lib/change-log.ts";
import { imageMetadataOf, processImage } from "../../lib/images.ts";
import { setUserImage } from "../users/repository.ts";
import { deleteAvatar, findAvatarContent, shareAnOrganization, upsertAvatar } from "./repository.ts";
import { recordMemberChange } from "./service.ts";

type AvatarContext = ChangeContext & { actor: UserActor };

/** Spec 5 "Logo and avatar": checks and re-encodes the image, then replaces the avatar. */
export async function uploadAvatar({
  upload,
  ...context
}: AvatarContext & { upload: { fileName: string; bytes: Buffer } }): Promise<Avatar> {
  const { userId } = context.actor;
  const image = await processImage(upload);
  const stored = await transact(context, async (tx, log) => {
    const row = await upsertAvatar(tx, userId, image);
    await setUserImage(tx, userId, userAvatarUrl(userId, row.uploadedAt));
    await recordMemberChange(tx, log, userId, { summary: `${actorLabel(context.actor)} changed their picture` });
    return row;
  });
  return { avatarUrl: userAvatarUrl(userId, stored.uploadedAt), avatarMetadata: imageMetadataOf(stored) };
}

/** Removes the avatar; the shell shows the initial again. Removing none is not an error. */
export async function removeAvatar(context: AvatarContext) {
  const { userId } = context.actor;
  await transact(context, async (tx, log) => {
    const deleted = await deleteAvatar(tx, userId);
    await setUserImage(tx, userId, null);
    if (deleted)
      await recordMemberChange(tx, log, userId, { summary: `${actorLabel(context.actor)} removed their picture` });
  });
}

/**
 * A user's avatar, for themselves and for anyone who shares an organization with them. Anyone
 * else gets 404, as if there were no such user.
 */
export async function getAvatar({ db, viewerId, userId }: { db: Executor; viewerId: string; userId: string }) {
  const allowed = viewerId === userId || (await shareAnOrganization(db, { userId: viewerId, otherUserId: userId }));
  const avatar = allowed ? await findAvatarContent(db, userId) : undefined;
  if (!avatar) throw new AppError("not-found", MESSAGES.notFound);
  return avatar;
}
