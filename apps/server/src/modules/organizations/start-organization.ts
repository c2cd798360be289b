import { CREDIT_TEXTS } from "@flowdeck/shared/credits/messages";
import type { Executor } from "../../db/database.ts";
import { insertTransaction } from "../credits/repository.ts";
import { insertMembership } from "../members/repository.ts";
import { setCurrentOrganization } from "../users/repository.ts";
import { insertOrganization } from "./repository.ts";

/**
 * A new organization, in the caller's transaction: its creator as owner, its starting balance as
 * the ledger's first row (so the balance always equals the ledger's sum), and it becomes the
 * creator's current organization. Each table is written by its own module's repository.
 */
export async function startOrganization(
  tx: Executor,
  values: { name: string; domain: string | null; createdBy: string; credits: number },
) {
  const organization = await insertOrganization(tx, values);
  await insertMembership(tx, { organizationId: organization.id, userId: values.createdBy, role: "owner" });
  if (values.credits > 0) {
    await insertTransaction(tx, {
      organizationId: organization.id,
      userId: values.createdBy,
      amount: values.credits,
      type: "addition",
      description: CREDIT_TEXTS.initialCredits,
    });
  }
  await setCurrentOrganization(tx, { userId: values.createdBy, organizationId: organization.id });
  return organization;
}
