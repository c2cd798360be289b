import { randomBytes } from "node:crypto";
import { AppError, type Page, type PageQuery } from "@flowdeck/shared";
import { INVITATION_MESSAGES } from "@flowdeck/shared/invitations/messages";
import {
  INVITATION_VALIDITY_MS,
  type AcceptedInvitation,
  type Invitation,
  type InvitationPreview,
} from "@flowdeck/shared/invitations/schemas";
import type { CreateInvitationSchema } from "@flowdeck/shared/invitations/schemas";
import type { z } from "zod";
import type { Database } from "../../db/database.ts";
import { actorLabel, attributedUserId, type Actor } from "../../lib/actor.ts";
import type { EventHub } from "../../lib/event-hub.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { acceptInTransaction, assertInvitee, assertUsable } from "./accept-invitation.ts";
import { invitationMail } from "./invitation-mail.ts";
import {
  deleteInvitation,
  findInvitationByCode,
  findOrganizationName,
  findUserProfile,
  isMemberByEmail,
  listPendingInvitations,
  markInvitationSent,
  renewInvitation,
  upsertPendingInvitation,
  type InvitationRow,
} from "./repository.ts";

type CreateInvitationData = z.output<typeof CreateInvitationSchema>;
type MailContext = { mailer: Mailer; appUrl: string };

/** 32 random bytes (256 bits), URL-safe: the secret of the link, never the row id. */
export function newInvitationCode(): string {
  return randomBytes(32).toString("base64url");
}

function toInvitation(row: InvitationRow, now = new Date()): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role ?? "viewer",
    invitedByName: row.invitedByName,
    status: row.expiresAt.getTime() <= now.getTime() ? "expired" : "pending",
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

export async function listInvitations({
  db,
  organizationId,
  page,
}: {
  db: Database;
  organizationId: string;
  page: PageQuery;
}): Promise<Page<Invitation>> {
  const { rows, total } = await listPendingInvitations(db, {
    organizationId,
    limit: page.pageSize,
    offset: (page.page - 1) * page.pageSize,
  });
  const now = new Date();
  return { items: rows.map((row) => toInvitation(row, now)), total, page: page.page, pageSize: page.pageSize };
}

/**
 * Invites an address (spec 2 "Invitations"). An address with a pending invitation has it renewed
 * (role, message, 7 more days) rather than getting a second one. The invitation is committed
 * before the mail goes out, so a failed send leaves it in the list for Resend.
 */
export async function inviteUser({
  db,
  events,
  mail,
  organizationId,
  actor,
  input,
}: {
  db: Database;
  events: EventHub;
  mail: MailContext;
  organizationId: string;
  actor: Actor;
  input: CreateInvitationData;
}): Promise<Invitation> {
  if (await isMemberByEmail(db, { organizationId, email: input.email })) {
    const message = INVITATION_MESSAGES.alreadyMember(input.email);
    throw new AppError("invalid-argument", message, { email: message });
  }
  const inviterId = attributedUserId(actor);
  const inviter = inviterId ? await findUserProfile(db, inviterId) : undefined;
  const { invitation, created } = await upsertPendingInvitation(db, {
    code: newInvitationCode(),
    organizationId,
    email: input.email,
    role: input.role,
    invitedBy: inviterId,
    invitedByName: inviter?.name || inviter?.email || actorLabel(actor),
    customMessage: input.customMessage ?? null,
    expiresAt: new Date(Date.now() + INVITATION_VALIDITY_MS),
  });
  await events.publish(organizationId, {
    entity: "invitation",
    id: invitation.id,
    action: created ? "created" : "updated",
  });
  await sendInvitation(db, mail, invitation);
  return toInvitation(invitation);
}

/** Resend (spec 4): the expiry moves to 7 days from now and the mail goes out again, with the same link. */
export async function resendInvitation({
  db,
  events,
  mail,
  organizationId,
  id,
}: {
  db: Database;
  events: EventHub;
  mail: MailContext;
  organizationId: string;
  id: string;
}): Promise<Invitation> {
  const invitation = await renewInvitation(db, {
    organizationId,
    id,
    expiresAt: new Date(Date.now() + INVITATION_VALIDITY_MS),
  });
  if (!invitation) throw new AppError("not-found", INVITATION_MESSAGES.invitationNotFound);
  await events.publish(organizationId, { entity: "invitation", id, action: "updated" });
  await sendInvitation(db, mail, invitation);
  return toInvitation(invitation);
}

/** Cancel (spec 4) deletes the invitation; its link stops working at once. */
export async function cancelInvitation({
  db,
  events,
  organizationId,
  id,
}: {
  db: Database;
  events: EventHub;
  organizationId: string;
  id: string;
}): Promise<void> {
  if (!(await deleteInvitation(db, { organizationId, id }))) {
    throw new AppError("not-found", INVITATION_MESSAGES.invitationNotFound);
  }
  await events.publish(organizationId, { entity: "invitation", id, action: "deleted" });
}

async function sendInvitation(db: Database, { mailer, appUrl }: MailContext, invitation: InvitationRow) {
  const organizationName = (await findOrganizationName(db, invitation.organizationId)) ?? "";
  try {
    await mailer.send(
      invitationMail({
        to: invitation.email,
        organizationName,
        inviterName: invitation.invitedByName || "A Flowdeck user",
        role: invitation.role ?? "viewer",
        customMessage: invitation.customMessage,
        link: `${appUrl}/invite/${encodeURIComponent(invitation.code)}`,
        expiresAt: invitation.expiresAt,
      }),
    );
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError("unavailable", INVITATION_MESSAGES.sendFailed(reason));
  }
  await markInvitationSent(db, invitation.id);
}

/** Validate (spec 3): what /invite/{code} shows to whoever holds the link. */
export async function previewInvitation({ db, code }: { db: Database; code: string }): Promise<InvitationPreview> {
  const invitation = assertUsable(await findInvitationByCode(db, code), "invitation");
  return {
    organizationName: (await findOrganizationName(db, invitation.organizationId)) ?? "",
    role: invitation.role ?? "viewer",
    invitedByName: invitation.invitedByName,
    email: invitation.email,
  };
}

export async function acceptInvitation({
  db,
  events,
  code,
  user,
}: {
  db: Database;
  events: EventHub;
  code: string;
  user: { userId: string; email: string };
}): Promise<AcceptedInvitation> {
  const outcome = await db.transaction((tx) =>
    acceptInTransaction(tx, { code, userId: user.userId, email: user.email, context: "invitation" }),
  );
  await publishAccepted(events, outcome, user.userId);
  return { organizationId: outcome.organizationId, organizationName: outcome.organizationName, role: outcome.role };
}

export async function publishAccepted(
  events: EventHub,
  outcome: { organizationId: string; invitationId: string; joined: boolean },
  userId: string,
) {
  await events.publish(outcome.organizationId, { entity: "invitation", id: outcome.invitationId, action: "deleted" });
  if (outcome.joined) await events.publish(outcome.organizationId, { entity: "member", id: userId, action: "created" });
}

/** Decline (spec 4): only the invitee may turn it down; the invitation is then deleted. */
export async function declineInvitation({
  db,
  events,
  code,
  user,
}: {
  db: Database;
  events: EventHub;
  code: string;
  user: { userId: string; email: string };
}): Promise<void> {
  const invitation = await db.transaction(async (tx) => {
    const row = assertUsable(await findInvitationByCode(tx, code, { lock: true }), "invitation");
    assertInvitee(row, user.email, "invitation");
    await deleteInvitation(tx, { organizationId: row.organizationId, id: row.id });
    return row;
  });
  await events.publish(invitation.organizationId, { entity: "invitation", id: invitation.id, action: "deleted" });
}
