import { randomUUID } from "node:crypto";
import type { Role } from "@flowdeck/shared";
import { roleFromGroups } from "@flowdeck/shared/sso/group-roles";
import { SSO_MESSAGES } from "@flowdeck/shared/sso/messages";
import type { Database } from "../../db/database.ts";
import type { UserActor } from "../../lib/actor.ts";
import { transact, type RequestOrigin } from "../../lib/change-log.ts";
import type { EventHub } from "../../lib/event-hub.ts";
import { findOrganizationCreator, insertMembership, updateMemberRole } from "../members/repository.ts";
import { findMembership } from "../organizations/repository.ts";
import { findAccountSummary } from "../users/repository.ts";
import { SsoProblem } from "./discovery.ts";
import {
  findIdentityUser,
  insertIdentity,
  insertSsoUser,
  listDomains,
  setCurrentOrganizationIfNone,
  type ConnectionRow,
} from "./repository.ts";

export type ProviderPerson = { subject: string; email: string; name: string; groups: string[] };

/**
 * The Flowdeck person the provider vouched for, through OIDC or SAML alike (decisions 075, 078).
 * Their address must be on a verified domain of the connection, so one organization's provider
 * can never sign in, or take over, another's people. Then, in one transaction: found by their provider
 * account, else by their address (an existing account is linked, never duplicated), else made
 * now (just in time). Their role in the organization follows their groups at every sign-in
 * (highest mapped role, the default for none); the organization's creator stays owner (spec 6).
 * A new membership and a changed role are in the audit log, naming the provider.
 */
export async function admitPerson(
  context: { db: Database; events: EventHub; origin: RequestOrigin },
  connection: ConnectionRow,
  person: ProviderPerson,
): Promise<string> {
  const { organizationId, issuer } = connection;
  if (!person.email.includes("@")) throw new SsoProblem(SSO_MESSAGES.emailMissing);
  const verified = (await listDomains(context.db, organizationId)).filter((row) => row.verifiedAt);
  if (!verified.some((row) => row.domain === person.email.split("@")[1])) {
    throw new SsoProblem(SSO_MESSAGES.emailOutsideDomains);
  }
  const keys = { organizationId, issuer, subject: person.subject };
  const existingId =
    (await findIdentityUser(context.db, keys)) ?? (await findAccountSummary(context.db, { email: person.email }))?.id;
  const userId = existingId ?? randomUUID();
  const actor: UserActor = { kind: "user", userId, email: person.email, name: person.name };
  await transact({ ...context, actor, organizationId }, async (tx, log) => {
    if (!existingId) await insertSsoUser(tx, { id: userId, email: person.email, name: person.name });
    await insertIdentity(tx, { ...keys, userId });
    const creator = await findOrganizationCreator(tx, organizationId);
    const role: Role =
      userId === creator ? "owner" : roleFromGroups(person.groups, connection.groupRoles, connection.defaultRole);
    const membership = await findMembership(tx, { organizationId, userId });
    const who = person.name || person.email;
    if (!membership) {
      await insertMembership(tx, { organizationId, userId, role });
      await setCurrentOrganizationIfNone(tx, { userId, organizationId });
      log.record({
        action: "member.joined",
        entityId: userId,
        summary: `${who} joined as ${role} through single sign-on (${issuer})`,
        changes: { role: { before: null, after: role } },
      });
    } else if (membership.role !== role) {
      await updateMemberRole(tx, { organizationId, userId, role });
      log.record({
        action: "member.role_changed",
        entityId: userId,
        summary: `The identity provider ${issuer} changed the role of ${who} to ${role} at sign-in`,
        changes: { role: { before: membership.role, after: role } },
      });
    }
  });
  return userId;
}
