import { AppError, MESSAGES } from "@flowdeck/shared";
import { TWO_FACTOR_REQUIREMENT_MESSAGES } from "@flowdeck/shared/settings/messages";
import type { TwoFactorRequirement } from "@flowdeck/shared/settings/two-factor-requirement";
import { transact, type OrgScope } from "../../lib/change-log.ts";
import { sessionsChanged } from "../../lib/session-cache.ts";
import { setTwoFactorRequirement } from "../organizations/repository.ts";
import { findTwoFactorRequirement, listMemberIds } from "./repository.ts";

export async function getTwoFactorRequirement({ db, organizationId }: OrgScope): Promise<TwoFactorRequirement> {
  const required = await findTwoFactorRequirement(db, organizationId);
  if (required === undefined) throw new AppError("not-found", MESSAGES.organizationNotFound);
  return { required };
}

/**
 * The owner's "Require two-factor for every member" (docs/decisions/032). An owner without it
 * cannot turn it on: the next request would shut them out of their own organization.
 */
export async function changeTwoFactorRequirement({
  required,
  ...scope
}: OrgScope & TwoFactorRequirement): Promise<TwoFactorRequirement> {
  const { actor } = scope;
  if (required && actor.kind === "user" && actor.twoFactorEnabled !== true) {
    throw new AppError("failed-precondition", TWO_FACTOR_REQUIREMENT_MESSAGES.ownerFirst);
  }
  const changed = await transact(scope, async (tx, log) => {
    const before = await findTwoFactorRequirement(tx, scope.organizationId);
    await setTwoFactorRequirement(tx, { organizationId: scope.organizationId, required });
    if (before === required) return false;
    log.record({
      action: "twoFactor.requirement_changed",
      entityId: scope.organizationId,
      summary: required
        ? "Required two-factor sign-in of every member"
        : "Stopped requiring two-factor sign-in of every member",
      changes: { requireTwoFactor: { before, after: required } },
    });
    return true;
  });
  // Cached sessions carry the requirement with each membership (decision 033).
  if (changed) await sessionsChanged(scope.events, await listMemberIds(scope.db, scope.organizationId));
  return { required };
}
