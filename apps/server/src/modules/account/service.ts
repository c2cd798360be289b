import { randomUUID } from "node:crypto";
import { AppError, INITIAL_CREDITS, MESSAGES, type RegisterData } from "@flowdeck/shared";
import type { Registered } from "@flowdeck/shared/auth/registered";
import { isUniqueViolation } from "../../db/errors.ts";
import type { Executor } from "../../db/database.ts";
import type { UserActor } from "../../lib/actor.ts";
import { transact, type ChangeContext } from "../../lib/change-log.ts";
import type { Auth } from "../auth/auth.ts";
import { domainExists } from "../organizations/repository.ts";
import { startOrganization } from "../organizations/start-organization.ts";
import { registerWithInvitation } from "../invitations/register-with-invitation.ts";
import { anyAccountExists, emailExists, insertUserWithPassword, lockFirstAccount } from "../users/repository.ts";

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
}: Omit<ChangeContext, "actor" | "organizationId"> & { auth: Auth; input: RegisterData }): Promise<Registered> {
  const context = { db, events, origin, actor: newAccountActor(input.email), organizationId: null };
  if (input.mode === "join") {
    // The code is checked first; then the account is made and the invitation accepted together.
    return registerWithInvitation({ ...context, auth, input });
  }
  if (await emailExists(db, input.email)) throw emailTaken();
  if (await domainExists(db, input.domain)) throw domainTaken();
  const passwordHash = await (await auth.$context).password.hash(input.password);
  return createAccountWithOrganization(context, {
    passwordHash,
    organizationName: input.organizationName,
    domain: input.domain,
  });
}

/**
 * The instance's very first account and its organization, made at once (decision 045): while no
 * account exists, registration cannot tell anyone which addresses have one, so a fresh install's
 * owner is not sent to a mailbox first. Returns null once any account exists, also when another
 * registration became the first a moment earlier; the caller then mails a link as for everyone.
 */
export async function registerFirstAccount({
  auth,
  input,
  db,
  events,
  origin,
}: Omit<ChangeContext, "actor" | "organizationId"> & {
  auth: Auth;
  input: Extract<RegisterData, { mode: "create" }>;
}): Promise<{ userId: string; organizationId: string } | null> {
  if (await anyAccountExists(db)) return null;
  if (await domainExists(db, input.domain)) throw domainTaken();
  const passwordHash = await (await auth.$context).password.hash(input.password);
  const context = { db, events, origin, actor: newAccountActor(input.email), organizationId: null };
  try {
    return await createAccountWithOrganization(
      context,
      { passwordHash, organizationName: input.organizationName, domain: input.domain },
      {
        before: async (tx) => {
          await lockFirstAccount(tx);
          if (await anyAccountExists(tx)) throw new NotTheFirstAccount();
        },
      },
    );
  } catch (error) {
    if (error instanceof NotTheFirstAccount) return null;
    throw error;
  }
}

class NotTheFirstAccount extends Error {}

/**
 * The account (`context.actor`, whose id is chosen beforehand) and its new organization, with the
 * creator as owner, in one transaction; `steps.before` and `steps.after` run in it too (the first
 * account checks that it is one; a confirmed registration ends its pending row).
 */
export async function createAccountWithOrganization(
  context: ChangeContext & { actor: UserActor },
  input: { passwordHash: string; organizationName: string; domain: string },
  steps: { before?: (tx: Executor) => Promise<void>; after?: (tx: Executor) => Promise<void> } = {},
): Promise<{ userId: string; organizationId: string }> {
  const { actor } = context;
  try {
    return await transact(context, async (tx, log) => {
      await steps.before?.(tx);
      const { id: userId } = await insertUserWithPassword(tx, {
        id: actor.userId,
        email: actor.email,
        passwordHash: input.passwordHash,
      });
      const organization = await startOrganization(tx, {
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
      await steps.after?.(tx);
      return { userId, organizationId: organization.id };
    });
  } catch (error) {
    // Two registrations raced past the checks: the unique indexes decide.
    if (isUniqueViolation(error, "users_email_unique")) throw emailTaken();
    if (isUniqueViolation(error, "organizations_domain_unique")) throw domainTaken();
    throw error;
  }
}

/** A new account acts in its own registration: its id is chosen before it exists. */
export function newAccountActor(email: string): UserActor {
  return { kind: "user", userId: randomUUID(), email: email.toLowerCase(), name: "" };
}

function emailTaken() {
  return new AppError("invalid-argument", MESSAGES.emailTaken, { email: MESSAGES.emailTaken });
}

export function domainTaken() {
  return new AppError("invalid-argument", MESSAGES.domainTaken, { domain: MESSAGES.domainTaken });
}
