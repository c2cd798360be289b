import { AppError, MESSAGES } from "@flowdeck/shared";
import { organizationLogoUrl } from "@flowdeck/shared/images/urls";
import type { Logo } from "@flowdeck/shared/settings/schemas";
import type { Executor } from "../../db/database.ts";
import { attributedUserId } from "../../lib/actor.ts";
import { transact, type OrgScope } from "../../lib/change-log.ts";
import { imageMetadataOf, processImage } from "../../lib/images.ts";
import { touchOrganization } from "../organizations/repository.ts";
import { deleteLogo, findLogoContent, upsertLogo } from "./repository.ts";

/** Spec 5 "Logo and avatar": checks and re-encodes the image, then replaces the logo. */
export async function uploadOrganizationLogo({
  upload,
  ...scope
}: OrgScope & { upload: { fileName: string; bytes: Buffer } }): Promise<Logo> {
  const { organizationId, actor } = scope;
  const image = await processImage(upload);
  const userId = attributedUserId(actor);
  const stored = await transact(scope, async (tx, log) => {
    const row = await upsertLogo(tx, { organizationId, userId }, image);
    await touchOrganization(tx, { organizationId, userId });
    const { originalName, type, width, height, processedSize } = imageMetadataOf(row);
    log.record({
      action: "logo.updated",
      entityId: organizationId,
      summary: `Changed the logo to ${originalName}`,
      changes: { logo: { after: { originalName, type, width, height, size: processedSize } } },
    });
    return row;
  });
  return { logoUrl: organizationLogoUrl(organizationId, stored.uploadedAt), logoMetadata: imageMetadataOf(stored) };
}

/** Removes the logo; removing one that is not there is not an error (and changes nothing). */
export async function removeOrganizationLogo(scope: OrgScope) {
  const { organizationId, actor } = scope;
  await transact(scope, async (tx, log) => {
    const deleted = await deleteLogo(tx, organizationId);
    if (!deleted) return;
    await touchOrganization(tx, { organizationId, userId: attributedUserId(actor) });
    log.record({ action: "logo.removed", entityId: organizationId, summary: "Removed the logo" });
  });
}

export async function getOrganizationLogo({ db, organizationId }: { db: Executor; organizationId: string }) {
  const logo = await findLogoContent(db, organizationId);
  if (!logo) throw new AppError("not-found", MESSAGES.notFound);
  return logo;
}
