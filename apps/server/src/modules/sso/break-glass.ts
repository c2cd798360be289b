import type { Database } from "../../db/database.ts";
import type { UserActor } from "../../lib/actor.ts";
import { transact, type RequestOrigin } from "../../lib/change-log.ts";
import type { EventHub } from "../../lib/event-hub.ts";
import type { Mail } from "../../lib/mailer.ts";
import { findUnmutedMembers } from "../notifications/outbox-repository.ts";
import { breakGlassMail } from "./break-glass-mail.ts";
import type { SsoEnforcement } from "./enforcement.ts";
import { listAddresses } from "./repository.ts";

/**
 * The owner of an organization that enforces single sign-on signed in with their password and
 * two-factor (decision 077): the audit log keeps it, with the owner as actor, and the
 * organization's other admins and owners are told by mail, unless they muted its notification
 * mail. Answers the mails, for the caller to send after its answer.
 */
export async function recordBreakGlass(
  context: { db: Database; events: EventHub; appUrl: string },
  owner: SsoEnforcement,
  origin: RequestOrigin,
): Promise<Mail[]> {
  const { organizationId } = owner;
  const actor: UserActor = { kind: "user", userId: owner.userId, email: owner.email, name: owner.name };
  const at = new Date();
  await transact({ db: context.db, events: context.events, actor, organizationId, origin }, async (_tx, log) => {
    log.record({
      action: "sso.break_glass",
      entityId: owner.userId,
      summary: `${owner.email} signed in with a password and two-factor, past single sign-on through ${owner.issuer}`,
    });
  });
  const others = (await findUnmutedMembers(context.db, organizationId, { roles: ["owner", "admin"] })).filter(
    (userId) => userId !== owner.userId,
  );
  return (await listAddresses(context.db, others)).map((to) =>
    breakGlassMail({
      to,
      owner,
      organizationName: owner.organizationName,
      at,
      ip: origin.ip,
      auditUrl: `${context.appUrl}/admin/audit`,
    }),
  );
}
