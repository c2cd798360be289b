import { AppError, INITIAL_CREDITS, MESSAGES, type RegisterData } from "@flowdeck/shared";
import type { Database } from "../../db/database.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import type { EventHub } from "../../lib/event-hub.ts";
import type { Auth } from "../auth/auth.ts";
import { domainExists, insertOrganization } from "../organizations/repository.ts";
import { registerWithInvitation } from "../invitations/register-with-invitation.ts";
import { emailExists, insertUserWithPassword } from "./repository.ts";

/**
 * Registration in either mode of spec 4: the account and its new organization (or its accepted
 * invitation) are written in one transaction, so a failure leaves no half-made account.
 */
export async function registerAccount({
  db,
  auth,
  events,
  input,
}: {
  db: Database;
  auth: Auth;
  events: EventHub;
  input: RegisterData;
}): Promise<{ userId: string; organizationId: string }> {
  if (input.mode === "join") {
    // The code is checked first; then the account is made and the invitation accepted together.
    return registerWithInvitation({ db, auth, events, input });
  }
  if (await emailExists(db, input.email)) throw emailTaken();
  if (await domainExists(db, input.domain)) throw domainTaken();

  const passwordHash = await (await auth.$context).password.hash(input.password);
  try {
    const result = await db.transaction(async (tx) => {
      const { id: userId } = await insertUserWithPassword(tx, { email: input.email, passwordHash });
      const organization = await insertOrganization(tx, {
        name: input.organizationName,
        domain: input.domain,
        createdBy: userId,
        credits: INITIAL_CREDITS,
      });
      return { userId, organizationId: organization.id };
    });
    await events.publish(result.organizationId, {
      entity: "organization",
      id: result.organizationId,
      action: "created",
    });
    return result;
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
