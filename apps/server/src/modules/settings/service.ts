import { AppError, MESSAGES } from "@flowdeck/shared";
import { organizationLogoUrl } from "@flowdeck/shared/images/urls";
import { isIndustry } from "@flowdeck/shared/settings/options";
import type { OrganizationSettings, UpdateOrganizationSettings } from "@flowdeck/shared/settings/schemas";
import type { Executor } from "../../db/database.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { attributedUserId } from "../../lib/actor.ts";
import { changesBetween } from "../../lib/audit-changes.ts";
import { transact, type OrgScope } from "../../lib/change-log.ts";
import { imageMetadataOf } from "../../lib/images.ts";
import { updateSettings } from "../organizations/repository.ts";
import { domainTakenByOther, findOrganizationSettings } from "./repository.ts";
import { retimeWorkflows } from "../workflows/retime-workflows.ts";

/** Any more wait for the scheduler, which catches up on the rest. */
const MAX_RETIMED_AT_ONCE = 1_000;

/** Spec 2 "Organization settings": what any member of the organization may read. */
export async function getOrganizationSettings({
  db,
  organizationId,
}: {
  db: Executor;
  organizationId: string;
}): Promise<OrganizationSettings> {
  const row = await findOrganizationSettings(db, organizationId);
  if (!row) throw new AppError("not-found", MESSAGES.organizationNotFound);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    domain: row.domain,
    website: row.website,
    industry: isIndustry(row.industry) ? row.industry : null,
    timezone: row.timezone,
    address: row.address,
    phone: row.phone,
    notifications: row.notifications,
    creditsPerRun: row.creditsPerRun,
    logoUrl: row.logo ? organizationLogoUrl(row.id, row.logo.uploadedAt) : null,
    logoMetadata: row.logo ? imageMetadataOf(row.logo) : null,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedById ? { id: row.updatedById, name: row.updatedByName || row.updatedByEmail || "" } : null,
  };
}

/**
 * Saves the settings form (admins and owners; the route checks the role). A new domain keeps
 * registration's rule: unique, compared lowercase. Who saved and when is recorded, and every
 * member's screens hear of it.
 */
export async function updateOrganizationSettings({
  changes,
  ...scope
}: OrgScope & { changes: UpdateOrganizationSettings }): Promise<OrganizationSettings> {
  const { db, organizationId, actor } = scope;
  if (changes.domain && (await domainTakenByOther(db, { domain: changes.domain, organizationId }))) {
    throw domainTaken();
  }
  try {
    await transact(scope, async (tx, log) => {
      const before = await getOrganizationSettings({ db: tx, organizationId });
      await updateSettings(tx, { organizationId, userId: attributedUserId(actor) }, changes);
      const after = await getOrganizationSettings({ db: tx, organizationId });
      log.record({
        action: "settings.updated",
        entityId: organizationId,
        summary: "Changed the organization's settings",
        changes: changesBetween(before, after, AUDITED_FIELDS),
      });
      // Schedules are read on the organization's clock: a new timezone moves them now, not at the
      // scheduler's next tick (and also where no scheduler runs).
      if (!changes.timezone) return;
      const retimed = await retimeWorkflows(tx, { now: new Date(), limit: MAX_RETIMED_AT_ONCE, organizationId });
      for (const workflow of retimed) log.announce({ entity: "workflow", id: workflow.id, action: "updated" });
    });
  } catch (error) {
    // Two organizations raced for the same domain: the unique index decides.
    if (isUniqueViolation(error, "organizations_domain_unique")) throw domainTaken();
    throw error;
  }
  return getOrganizationSettings({ db, organizationId });
}

const AUDITED_FIELDS = [
  "name",
  "description",
  "domain",
  "website",
  "industry",
  "timezone",
  "address",
  "phone",
  "notifications",
] as const satisfies ReadonlyArray<keyof OrganizationSettings>;

function domainTaken() {
  return new AppError("invalid-argument", MESSAGES.domainTaken, { domain: MESSAGES.domainTaken });
}
