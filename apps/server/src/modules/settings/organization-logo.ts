import { AppError, MESSAGES } from "@flowdeck/shared";
import { organizationLogoUrl } from "@flowdeck/shared/images/urls";
import type { Logo } from "@flowdeck/shared/settings/schemas";
import type { Database, Executor } from "../../db/database.ts";
import { attributedUserId, type Actor } from "../../lib/actor.ts";
import type { EventHub } from "../../lib/event-hub.ts";
import { imageMetadataOf, processImage } from "../../lib/images.ts";
import { deleteLogo, findLogoContent, touchOrganization, upsertLogo } from "./repository.ts";

type LogoKeys = { db: Database; events: EventHub; organizationId: string; actor: Actor };

/** Spec 5 "Logo and avatar": checks and re-encodes the image, then replaces the logo. */
export async function uploadOrganizationLogo({
  db,
  events,
  organizationId,
  actor,
  upload,
}: LogoKeys & { upload: { fileName: string; bytes: Buffer } }): Promise<Logo> {
  const image = await processImage(upload);
  const userId = attributedUserId(actor);
  const stored = await db.transaction(async (tx) => {
    const row = await upsertLogo(tx, { organizationId, userId }, image);
    await touchOrganization(tx, { organizationId, userId });
    return row;
  });
  await events.publish(organizationId, { entity: "organization", id: organizationId, action: "updated" });
  return { logoUrl: organizationLogoUrl(organizationId, stored.uploadedAt), logoMetadata: imageMetadataOf(stored) };
}

/** Removes the logo; removing one that is not there is not an error. */
export async function removeOrganizationLogo({ db, events, organizationId, actor }: LogoKeys) {
  const userId = attributedUserId(actor);
  const removed = await db.transaction(async (tx) => {
    const deleted = await deleteLogo(tx, organizationId);
    if (deleted) await touchOrganization(tx, { organizationId, userId });
    return deleted;
  });
  if (removed) await events.publish(organizationId, { entity: "organization", id: organizationId, action: "updated" });
}

export async function getOrganizationLogo({ db, organizationId }: { db: Executor; organizationId: string }) {
  const logo = await findLogoContent(db, organizationId);
  if (!logo) throw new AppError("not-found", MESSAGES.notFound);
  return logo;
}
