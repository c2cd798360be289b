import { randomUUID } from "node:crypto";
import { AppError, INITIAL_CREDITS, MESSAGES, type RegisterData } from "@flowdeck/shared";
import { isUniqueViolation } from "../../db/errors.ts";
import type { UserActor } from "../../lib/actor.ts";
import { transact, type ChangeContext } from "../../lib/change-log.ts";
import type { Auth } from "../auth/auth.ts";
import { domainExists, insertOrganization } from "../organizations/repository.ts";
import { registerWithInvitation } from "../invitations/register-with-invitation.ts";
import { emailExists, insertUserWithPassword } from "./repository.ts";

/**
 * Registration in either mode of spec 4: the account and its new organization (or its accepted
 * invitation) are written in one transaction, so a failure leaves no half-made account.
 */
export async function registerAccount({
  auth,
  input,
  db,
  events,
  origin,
}: Omit<ChangeContext, "actor" | "organizationId"> & { auth: Auth; input: RegisterData }): Promise<{
  userId: string;
  organizationId: string;
}> {
  // The new account is the actor of its own registration: its id is chosen before it exists.
  const actor: UserActor = { kind: "user", userId: randomUUID(), email: input.email.toLowerCase(), name: "" };
  const context = { db, events, origin, actor, organizationId: null };
  if (input.mode === "join") {
    // The code is checked first; then the account is made and the invitation accepted together.
    return registerWithInvitation({ ...context, auth, input });
  }
  if (await emailExists(db, input.email)) throw emailTaken();
  if (await domainExists(db, input.domain)) throw domainTaken();

  const passwordHash = await (await auth.$context).password.hash(input.password);
  try {
    return await transact(context, async (tx, log) => {
      const { id: userId } = await insertUserWithPassword(tx, { id: actor.userId, email: input.email, passwordHash });
      const organization = await insertOrganization(tx, {
        name: input.organizationName,
        domain: input.domain,
        createdBy: userId,
        credits: INITIAL_CREDITS,
      });
      log.record({
        action: "organization.created",
        organizationId: organization.id,
        entityId: organization.id,
        summary: `${actor.email} registered and created the organization "${input.organizationName}"`,
        changes: { name: { after: input.organizationName }, domain: { after: input.domain } },
      });
      return { userId, organizationId: organization.id };
    });
  } catch (error) {
    // Two registrations raced past the checks above: the unique indexes decide.
    if (isUniqueViolation(error, "users_email_unique")) throw emailTaken();
    if (isUniqueViolation(error, "organizations_domain_unique")) throw domainTaken();
    throw error;
  }
}

function emailTaken() {
  return new AppError("invalid-argument", MESSAGES.emailTaken, { email: MESSAGES.emailTaken });
}

function domainTaken() {
  return new AppError("invalid-argument", MESSAGES.domainTaken, { domain: MESSAGES.domainTaken });
}
