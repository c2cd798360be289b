import { AppError, MESSAGES } from "@flowdeck/shared";
import { userAvatarUrl } from "@flowdeck/shared/images/urls";
import type { Avatar } from "@flowdeck/shared/profile/schemas";
import type { Database, Executor } from "../../db/database.ts";
import type { EventHub } from "../../lib/event-hub.ts";
import { imageMetadataOf, processImage } from "../../lib/images.ts";
import { deleteAvatar, findAvatarContent, setUserImage, shareAnOrganization, upsertAvatar } from "./repository.ts";
import { announceMemberChange } from "./service.ts";

type AvatarKeys = { db: Database; events: EventHub; userId: string };

/** Spec 5 "Logo and avatar": checks and re-encodes the image, then replaces the avatar. */
export async function uploadAvatar({
  db,
  events,
  userId,
  upload,
}: AvatarKeys & { upload: { fileName: string; bytes: Buffer } }): Promise<Avatar> {
  const image = await processImage(upload);
  const stored = await db.transaction(async (tx) => {
    const row = await upsertAvatar(tx, userId, image);
    await setUserImage(tx, userId, userAvatarUrl(userId, row.uploadedAt));
    return row;
  });
  await announceMemberChange({ db, events, userId });
  return { avatarUrl: userAvatarUrl(userId, stored.uploadedAt), avatarMetadata: imageMetadataOf(stored) };
}

/** Removes the avatar; the shell shows the initial again. Removing none is not an error. */
export async function removeAvatar({ db, events, userId }: AvatarKeys) {
  const removed = await db.transaction(async (tx) => {
    const deleted = await deleteAvatar(tx, userId);
    await setUserImage(tx, userId, null);
    return deleted;
  });
  if (removed) await announceMemberChange({ db, events, userId });
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
