import { and, asc, eq, sql } from "drizzle-orm";
import type { Role } from "@flowdeck/shared";
import { CREDIT_TEXTS } from "@flowdeck/shared/credits/messages";
import type { Executor } from "../../db/database.ts";
import { memberships, organizations } from "../../db/schema/index.ts";
import { insertTransaction } from "../credits/repository.ts";
import { insertMembership } from "../members/repository.ts";
import { setCurrentOrganization } from "../users/repository.ts";

export async function findMembership(db: Executor, keys: { organizationId: string; userId: string }) {
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.organizationId, keys.organizationId), eq(memberships.userId, keys.userId)));
  return row ? { role: (row.role ?? null) as Role | null } : undefined;
}

export async function listMembershipsOfUser(db: Executor, userId: string) {
  return db
    .select({
      id: organizations.id,
      name: organizations.name,
      domain: organizations.domain,
      credits: organizations.credits,
      role: memberships.role,
    })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(organizations.name));
}

export async function domainExists(db: Executor, domain: string) {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(sql`lower(${organizations.domain})`, domain.toLowerCase()));
  return Boolean(row);
}

/**
 * Creates the organization with its creator as owner and makes it the creator's current one. The
 * membership, the ledger row and the user's row are written by their own modules' repositories.
 */
export async function insertOrganization(
  db: Executor,
  values: { name: string; domain: string | null; createdBy: string; credits: number },
) {
  const [organization] = await db
    .insert(organizations)
    .values({ ...values, updatedBy: values.createdBy })
    .returning({ id: organizations.id, name: organizations.name });
  if (!organization) throw new Error("insert returned no organization");
  await insertMembership(db, { organizationId: organization.id, userId: values.createdBy, role: "owner" });
  // The starting balance is the ledger's first row, so the balance always equals the ledger's sum.
  if (values.credits > 0) {
    await insertTransaction(db, {
      organizationId: organization.id,
      userId: values.createdBy,
      amount: values.credits,
      type: "addition",
      description: CREDIT_TEXTS.initialCredits,
    });
  }
  await setCurrentOrganization(db, { userId: values.createdBy, organizationId: organization.id });
  return organization;
}
