import { and, eq, ne } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import { organizationLogos, organizations, user } from "../../db/schema/index.ts";
import type { ProcessedImage } from "../../lib/images.ts";

/** Everything about a logo except its bytes: list and settings reads never load blobs. */
const logoMetadataColumns = {
  contentType: organizationLogos.contentType,
  width: organizationLogos.width,
  height: organizationLogos.height,
  originalName: organizationLogos.originalName,
  originalSize: organizationLogos.originalSize,
  processedSize: organizationLogos.processedSize,
  uploadedAt: organizationLogos.uploadedAt,
};

export async function findOrganizationSettings(db: Executor, organizationId: string) {
  const [row] = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      description: organizations.description,
      domain: organizations.domain,
      website: organizations.website,
      industry: organizations.industry,
      timezone: organizations.timezone,
      address: organizations.address,
      phone: organizations.phone,
      notifications: organizations.notifications,
      creditsPerRun: organizations.creditsPerRun,
      updatedAt: organizations.updatedAt,
      updatedById: organizations.updatedBy,
      updatedByName: user.name,
      updatedByEmail: user.email,
    })
    .from(organizations)
    .leftJoin(user, eq(user.id, organizations.updatedBy))
    .where(eq(organizations.id, organizationId));
  if (!row) return undefined;
  const logo = await findLogoMetadata(db, organizationId);
  return { ...row, logo };
}

export async function findLogoMetadata(db: Executor, organizationId: string) {
  const [row] = await db
    .select(logoMetadataColumns)
    .from(organizationLogos)
    .where(eq(organizationLogos.organizationId, organizationId));
  return row;
}

/** True when another organization already has this (lowercase) domain. */
export async function domainTakenByOther(db: Executor, keys: { domain: string; organizationId: string }) {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.domain, keys.domain), ne(organizations.id, keys.organizationId)));
  return Boolean(row);
}

/** Stores the organization's one logo, replacing the previous one. */
export async function upsertLogo(
  db: Executor,
  keys: { organizationId: string; userId: string | null },
  image: ProcessedImage,
) {
  const values = { ...image, uploadedBy: keys.userId, uploadedAt: new Date() };
  const [row] = await db
    .insert(organizationLogos)
    .values({ organizationId: keys.organizationId, ...values })
    .onConflictDoUpdate({ target: organizationLogos.organizationId, set: values })
    .returning(logoMetadataColumns);
  if (!row) throw new Error("the logo was not stored");
  return row;
}

export async function deleteLogo(db: Executor, organizationId: string) {
  const rows = await db
    .delete(organizationLogos)
    .where(eq(organizationLogos.organizationId, organizationId))
    .returning({ organizationId: organizationLogos.organizationId });
  return rows.length > 0;
}

export async function findLogoContent(db: Executor, organizationId: string) {
  const [row] = await db
    .select({
      contentType: organizationLogos.contentType,
      content: organizationLogos.content,
      uploadedAt: organizationLogos.uploadedAt,
    })
    .from(organizationLogos)
    .where(eq(organizationLogos.organizationId, organizationId));
  return row;
}
