import { AppError, MESSAGES, type RegisterData } from "@flowdeck/shared";
import type { Database } from "../../db/database.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import type { EventHub } from "../../lib/event-hub.ts";
import { emailExists, insertUserWithPassword } from "../account/repository.ts";
import type { Auth } from "../auth/auth.ts";
import { acceptInTransaction, assertInvitee, assertUsable } from "./accept-invitation.ts";
import { findInvitationByCode } from "./repository.ts";
import { publishAccepted } from "./service.ts";

type JoinRegistration = Extract<RegisterData, { mode: "join" }>;

/**
 * Registration in the register page's first mode (spec 4 "Registration"): the code is checked
 * before any account exists; then the account is created and the invitation accepted in one
 * transaction, so a code taken meanwhile leaves no half-made account behind.
 */
export async function registerWithInvitation({
  db,
  auth,
  events,
  input,
}: {
  db: Database;
  auth: Auth;
  events: EventHub;
  input: JoinRegistration;
}): Promise<{ userId: string; organizationId: string }> {
  const code = input.invitationCode;
  assertInvitee(assertUsable(await findInvitationByCode(db, code), "registration"), input.email, "registration");
  if (await emailExists(db, input.email)) throw emailTaken();

  const passwordHash = await (await auth.$context).password.hash(input.password);
  try {
    const { userId, outcome } = await db.transaction(async (tx) => {
      const { id } = await insertUserWithPassword(tx, { email: input.email, passwordHash });
      const accepted = await acceptInTransaction(tx, { code, userId: id, email: input.email, context: "registration" });
      return { userId: id, outcome: accepted };
    });
    await publishAccepted(events, outcome, userId);
    return { userId, organizationId: outcome.organizationId };
  } catch (error) {
    // Two registrations raced past the check above: the unique index decides.
    if (isUniqueViolation(error, "users_email_unique")) throw emailTaken();
    throw error;
  }
}

function emailTaken() {
  return new AppError("invalid-argument", MESSAGES.emailTaken, { email: MESSAGES.emailTaken });
}
