import { AppError, MESSAGES, type Page, type PageQuery, type Role } from "@flowdeck/shared";
import { MEMBER_MESSAGES } from "@flowdeck/shared/members/messages";
import type { Member } from "@flowdeck/shared/members/schemas";
import { removalRefusal, roleChangeRefusal } from "@flowdeck/shared/members/rules";
import type { Database, Executor } from "../../db/database.ts";
import { readPage } from "../../db/page-number.ts";
import { attributedUserId, tokenRole, type Actor } from "../../lib/actor.ts";
import { transact, type OrgScope } from "../../lib/change-log.ts";
import { listMembershipsOfUser, setCreator } from "../organizations/repository.ts";
import { setCurrentOrganization } from "../users/repository.ts";
import {
  countOwners,
  deleteMembership,
  findCurrentOrganizationId,
  findMember,
  findOrganizationCreator,
  listMembers as listMemberRows,
  lockMemberships,
  updateMemberRole,
} from "./repository.ts";

type MemberRow = { userId: string; name: string; email: string; role: Role | null; joinedAt: Date };

function toMember(row: MemberRow): Member {
  return { ...row, role: row.role ?? null, joinedAt: row.joinedAt.toISOString() };
}

export async function listMembers({
  db,
  organizationId,
  page,
}: {
  db: Database;
  organizationId: string;
  page: PageQuery;
}): Promise<Page<Member>> {
  return readPage(page, (window) => listMemberRows(db, { organizationId, ...window }), toMember);
}

/**
 * Both memberships are locked and read afresh inside the transaction: the roles the request
 * guard saw may have changed since, and two owners demoting each other at once must not leave
 * the organization without an owner. The member rules are about people: a token acts as its
 * creator's membership with the token's effective role (decision 054), never the creator's own.
 */
async function lockActorAndTarget(tx: Executor, keys: { organizationId: string; actor: Actor; targetId: string }) {
  const actorId = attributedUserId(keys.actor);
  if (!actorId) throw new AppError("permission-denied", MESSAGES.cannotUpdateMemberRoles);
  const roles = await lockMemberships(tx, {
    organizationId: keys.organizationId,
    userIds: [...new Set([actorId, keys.targetId])],
  });
  if (!roles.has(actorId)) throw new AppError("not-found", MESSAGES.organizationNotFound);
  if (!roles.has(keys.targetId)) throw new AppError("not-found", MEMBER_MESSAGES.memberNotFound);
  const memberRole = roles.get(actorId) ?? null;
  const creatorId = await findOrganizationCreator(tx, keys.organizationId);
  return {
    actor: {
      userId: actorId,
      role: keys.actor.kind === "token" ? tokenRole(keys.actor.role, memberRole) : memberRole,
      // Handing the organization over is for the creator in person (a people-only action).
      isCreator: keys.actor.kind === "user" && actorId === creatorId,
    },
    target: { userId: keys.targetId, role: roles.get(keys.targetId) ?? null, isCreator: keys.targetId === creatorId },
  };
}

async function assertAnOwnerRemains(tx: Executor, organizationId: string) {
  if ((await countOwners(tx, organizationId)) === 0) throw new AppError("aborted", MEMBER_MESSAGES.lastOwner);
}

export async function changeMemberRole({
  targetId,
  role,
  ...scope
}: OrgScope & { targetId: string; role: Role }): Promise<Member> {
  const { organizationId } = scope;
  const member = await transact(scope, async (tx, log) => {
    const { actor, target } = await lockActorAndTarget(tx, {
      organizationId,
      actor: scope.actor,
      targetId,
    });
    const refusal = roleChangeRefusal(actor, target, role);
    if (refusal) throw new AppError("permission-denied", refusal);
    await updateMemberRole(tx, { organizationId, userId: targetId, role });
    await assertAnOwnerRemains(tx, organizationId);
    const changed = await findMember(tx, { organizationId, userId: targetId });
    if (!changed) throw new AppError("not-found", MEMBER_MESSAGES.memberNotFound);
    // Every member's browser refetches /api/me on a member event: the changed member's navigation follows.
    log.record({
      action: "member.role_changed",
      entityId: targetId,
      summary: `Changed the role of ${changed.name || changed.email} to ${role}`,
      changes: { role: { before: target.role, after: role } },
    });
    return changed;
  });
  return toMember(member);
}

/**
 * Spec 4 "Member removal": the organization leaves the user's list, and when it was their
 * current one the first remaining organization becomes current, or none.
 */
export async function removeMember({ targetId, ...scope }: OrgScope & { targetId: string }): Promise<void> {
  const { organizationId } = scope;
  await transact(scope, async (tx, log) => {
    const { actor, target } = await lockActorAndTarget(tx, {
      organizationId,
      actor: scope.actor,
      targetId,
    });
    const refusal = removalRefusal(actor, target);
    if (refusal) throw new AppError("permission-denied", refusal);
    const removed = await findMember(tx, { organizationId, userId: targetId });
    await deleteMembership(tx, { organizationId, userId: targetId });
    await assertAnOwnerRemains(tx, organizationId);
    if ((await findCurrentOrganizationId(tx, targetId)) === organizationId) {
      const [next] = await listMembershipsOfUser(tx, targetId);
      await setCurrentOrganization(tx, { userId: targetId, organizationId: next?.id ?? null });
    }
    // The removed member's open stream still hears this one: their browser refetches /api/me, finds
    // the organization gone and moves to the new current one (and its stream).
    log.record({
      action: "member.removed",
      entityId: targetId,
      summary: `Removed ${removed?.name || removed?.email || "a member"} from the organization`,
      changes: { role: { before: target.role } },
    });
  });
}

/**
 * The creator hands the organization over (decision 012): the member becomes an owner and takes
 * the creator's place, so nobody may demote or remove them; the former creator stays an owner.
 */
export async function transferOwnership({ targetId, ...scope }: OrgScope & { targetId: string }): Promise<Member> {
  const { organizationId } = scope;
  const member = await transact(scope, async (tx, log) => {
    const { actor, target } = await lockActorAndTarget(tx, {
      organizationId,
      actor: scope.actor,
      targetId,
    });
    if (!actor.isCreator) throw new AppError("permission-denied", MEMBER_MESSAGES.onlyCreatorTransfers);
    if (actor.userId === targetId) throw new AppError("invalid-argument", MEMBER_MESSAGES.cannotChangeOwnRole);
    await updateMemberRole(tx, { organizationId, userId: targetId, role: "owner" });
    await setCreator(tx, { organizationId, userId: targetId });
    const changed = await findMember(tx, { organizationId, userId: targetId });
    if (!changed) throw new AppError("not-found", MEMBER_MESSAGES.memberNotFound);
    log.record({
      action: "member.ownership_transferred",
      entityId: targetId,
      summary: `Handed the organization over to ${changed.name || changed.email}`,
      changes: { role: { before: target.role, after: "owner" }, creator: { before: actor.userId, after: targetId } },
    });
    return changed;
  });
  return toMember(member);
}
