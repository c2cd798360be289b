import { AppError, type Role } from "@flowdeck/shared";
import { INVITATION_MESSAGES } from "@flowdeck/shared/invitations/messages";
import type { Executor } from "../../db/database.ts";
import { insertMembership } from "../members/repository.ts";
import { findMembership } from "../organizations/repository.ts";
import { setCurrentOrganization } from "../users/repository.ts";
import {
  findInvitationByCode,
  findOrganizationName,
  markInvitationAccepted,
  type InvitationRow,
} from "./repository.ts";

/** Where a code is checked: on /invite/{code} (its own answers) or in the registration form (a field error). */
export type CodeContext = "invitation" | "registration";

/**
 * Spec 4: only pending, unexpired invitations are valid, with the spec's texts. In the
 * registration form every refusal is a field error on the code.
 */
export function assertUsable(row: InvitationRow | undefined, context: CodeContext, now = new Date()): InvitationRow {
  const refuse = (code: "not-found" | "aborted", message: string) =>
    context === "registration"
      ? new AppError("invalid-argument", message, { invitationCode: message })
      : new AppError(code, message);
  if (!row) throw refuse("not-found", INVITATION_MESSAGES.invalidCode);
  // An accepted invitation is kept to say so (decision 040); nothing else about it is told.
  if (row.status === "accepted") throw refuse("aborted", INVITATION_MESSAGES.accepted);
  if (row.status !== "pending") throw refuse("aborted", INVITATION_MESSAGES.usedOrExpired);
  if (row.expiresAt.getTime() <= now.getTime()) throw refuse("aborted", INVITATION_MESSAGES.expired);
  return row;
}

/** Only the account the invitation was sent to may take it up; addresses compare case-insensitively. */
export function assertInvitee(row: InvitationRow, email: string, context: CodeContext) {
  if (row.email.toLowerCase() === email.trim().toLowerCase()) return;
  if (context === "registration") {
    const message = INVITATION_MESSAGES.wrongRegistrationEmail(row.email);
    throw new AppError("invalid-argument", message, { email: message });
  }
  throw new AppError("permission-denied", INVITATION_MESSAGES.wrongAccount(row.email));
}

export type AcceptOutcome = {
  invitationId: string;
  organizationId: string;
  organizationName: string;
  role: Role;
  /** False when the user was a member already (their role is kept, never lowered). */
  joined: boolean;
};

/**
 * Accepts inside the caller's transaction. The invitation row is locked first, so of two accepts
 * racing, the second waits, then finds it accepted: one membership, never two. The user gets the
 * invited role (viewer when none), the organization becomes current, and the invitation, now used,
 * leaves the organization's list; its row stays, marked accepted, so that its link says so to
 * whoever opens it again (decision 040).
 */
export async function acceptInTransaction(
  tx: Executor,
  options: { code: string; userId: string; email: string; context: CodeContext },
): Promise<AcceptOutcome> {
  const invitation = assertUsable(await findInvitationByCode(tx, options.code, { lock: true }), options.context);
  assertInvitee(invitation, options.email, options.context);
  const { organizationId } = invitation;
  const existing = await findMembership(tx, { organizationId, userId: options.userId });
  const role: Role = existing ? (existing.role ?? "viewer") : (invitation.role ?? "viewer");
  if (!existing) await insertMembership(tx, { organizationId, userId: options.userId, role });
  await setCurrentOrganization(tx, { userId: options.userId, organizationId });
  await markInvitationAccepted(tx, { organizationId, id: invitation.id });
  const organizationName = (await findOrganizationName(tx, organizationId)) ?? "";
  return { invitationId: invitation.id, organizationId, organizationName, role, joined: !existing };
}
