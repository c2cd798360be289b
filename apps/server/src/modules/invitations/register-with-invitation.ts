import { AppError, MESSAGES, type RegisterData } from "@flowdeck/shared";
import type { Registered } from "@flowdeck/shared/auth/registered";
import { isUniqueViolation } from "../../db/errors.ts";
import type { UserActor } from "../../lib/actor.ts";
import { transact, type ChangeContext } from "../../lib/change-log.ts";
import { emailExists, insertUserWithPassword } from "../users/repository.ts";
import type { Auth } from "../auth/auth.ts";
import { acceptInTransaction, assertInvitee, assertUsable } from "./accept-invitation.ts";
import { findInvitationByCode } from "./repository.ts";
import { recordAccepted } from "./service.ts";

type JoinRegistration = Extract<RegisterData, { mode: "join" }>;

/**
 * Registration in the register page's first mode (spec 4 "Registration"): the code is checked
 * before any account exists; then the account is created and the invitation accepted in one
 * transaction, so a code taken meanwhile leaves no half-made account behind. The answer names what
 * was joined, for the welcome.
 */
export async function registerWithInvitation({
  auth,
  input,
  ...context
}: ChangeContext & { actor: UserActor; auth: Auth; input: JoinRegistration }): Promise<Registered> {
  const { db, actor } = context;
  const code = input.invitationCode;
  assertInvitee(assertUsable(await findInvitationByCode(db, code), "registration"), input.email, "registration");
  if (await emailExists(db, input.email)) throw emailTaken();

  const passwordHash = await (await auth.$context).password.hash(input.password);
  try {
    const { userId } = actor;
    const outcome = await transact(context, async (tx, log) => {
      await insertUserWithPassword(tx, { id: userId, email: input.email, passwordHash });
      const accepted = await acceptInTransaction(tx, { code, userId, email: input.email, context: "registration" });
      recordAccepted(log, accepted, actor);
      return accepted;
    });
    const { organizationId, organizationName, role } = outcome;
    return { userId, organizationId, invitation: { organizationId, organizationName, role } };
  } catch (error) {
    // Two registrations raced past the check above: the unique index decides.
    if (isUniqueViolation(error, "users_email_unique")) throw emailTaken();
    throw error;
  }
}

function emailTaken() {
  return new AppError("invalid-argument", MESSAGES.emailTaken, { email: MESSAGES.emailTaken });
}
