import { randomBytes } from "node:crypto";
import { AppError, type Page, type PageQuery } from "@flowdeck/shared";
import { INVITATION_MESSAGES } from "@flowdeck/shared/invitations/messages";
import {
  INVITATION_VALIDITY_MS,
  type AcceptedInvitation,
  type Invitation,
  type InvitationPreview,
  type SentInvitation,
} from "@flowdeck/shared/invitations/schemas";
import type { CreateInvitationSchema } from "@flowdeck/shared/invitations/schemas";
import type { z } from "zod";
import type { Database } from "../../db/database.ts";
import { readPage } from "../../db/page-number.ts";
import { actorKey, actorLabel, attributedUserId, type UserActor } from "../../lib/actor.ts";
import { addressKey, spendBudgets } from "../../lib/budgets.ts";
import { transact, type ChangeContext, type ChangeLog, type OrgScope } from "../../lib/change-log.ts";
import { runIdempotent, type Idempotency } from "../../lib/idempotency.ts";

type UserContext = ChangeContext & { actor: UserActor };
import type { Mailer } from "../../lib/mailer.ts";
import { acceptInTransaction, assertInvitee, assertUsable } from "./accept-invitation.ts";
import { invitationMail } from "./invitation-mail.ts";
import {
  deleteInvitation,
  findInvitationByCode,
  findPendingInvitation,
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
/** How invitation mail goes out, and how much of it a minute (ABUSE_RATE_LIMIT). */
type MailContext = { mailer: Mailer; appUrl: string; perMinute: number };

/**
 * Every invitation mail, sent or resent, spends from three budgets (issue 27): the person's (a
 * token's creator's, so a token adds nothing to what its creator may send), the invited
 * address's, and the client address's.
 */
async function spendMailBudgets(scope: OrgScope, mail: MailContext, email: string) {
  const person = attributedUserId(scope.actor) ?? actorKey(scope.actor);
  await spendBudgets(scope.db, [
    { key: `invitations.mail:person:${person}`, max: mail.perMinute },
    { key: `invitations.mail:address:${addressKey(email)}`, max: mail.perMinute },
    { key: `invitations.mail:client:${scope.origin?.ip ?? "unknown"}`, max: mail.perMinute },
  ]);
}

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
  const now = new Date();
  return readPage(
    page,
    (window) => listPendingInvitations(db, { organizationId, ...window }),
    (row) => toInvitation(row, now),
  );
}

/**
 * Invites an address (spec 2 "Invitations"). An address with a pending invitation has it renewed
 * (role, message, 7 more days) rather than getting a second one. The invitation is committed
 * before the mail goes out, so a failed send leaves it in the list for Resend.
 */
export async function inviteUser({
  mail,
  input,
  idempotency,
  ...scope
}: OrgScope & {
  mail: MailContext;
  input: CreateInvitationData;
  idempotency: Idempotency | null;
}): Promise<SentInvitation> {
  const { db, organizationId, actor } = scope;
  if (await isMemberByEmail(db, { organizationId, email: input.email })) {
    const message = INVITATION_MESSAGES.alreadyMember(input.email);
    throw new AppError("invalid-argument", message, { email: message });
  }
  await spendMailBudgets(scope, mail, input.email);
  const inviterId = attributedUserId(actor);
  const inviter = inviterId ? await findUserProfile(db, inviterId) : undefined;
  // Set only when this request made the change; a repeated Idempotency-Key sends no second mail.
  let made: InvitationRow | undefined;
  const answer = await runIdempotent({
    context: scope,
    idempotency,
    work: async (tx, log) => {
      const { invitation, created } = await upsertPendingInvitation(tx, {
        code: newInvitationCode(),
        organizationId,
        email: input.email,
        role: input.role,
        invitedBy: inviterId,
        invitedByName: inviter?.name || inviter?.email || actorLabel(actor),
        customMessage: input.customMessage ?? null,
        expiresAt: new Date(Date.now() + INVITATION_VALIDITY_MS),
      });
      // The code is the invitation's secret: it never reaches the audit log (nor the stored answer).
      log.record({
        action: created ? "invitation.sent" : "invitation.resent",
        entityId: invitation.id,
        summary: `Invited ${invitation.email} as ${invitation.role ?? "viewer"}`,
        changes: { email: { after: invitation.email }, role: { after: invitation.role } },
      });
      made = invitation;
      return toInvitation(invitation);
    },
  });
  // A retry of a request whose mail failed (503 after the invitation was kept) replays the stored
  // answer: the mail that never went out is sent now, once.
  const unsent = made ?? (await findPendingInvitation(db, { organizationId, id: answer.id }, { unsent: true }));
  if (unsent) await sendInvitation(db, mail, unsent);
  return { ...answer, ...mailOutcome(mail, unsent) };
}

/**
 * Whether the invitation's mail reached a mail server. Written to the outbox only, the link goes
 * to the admin instead, when this request sent it (never in a stored idempotent answer).
 */
function mailOutcome(mail: MailContext, sent: InvitationRow | undefined): Pick<SentInvitation, "mailed" | "link"> {
  if (!mail.mailer.outbox) return { mailed: true };
  return sent ? { mailed: false, link: invitationLink(mail, sent) } : { mailed: false };
}

/** Resend (spec 4): the expiry moves to 7 days from now and the mail goes out again, with the same link. */
export async function resendInvitation({
  mail,
  id,
  ...scope
}: OrgScope & { mail: MailContext; id: string }): Promise<SentInvitation> {
  const { db, organizationId } = scope;
  const pending = await findPendingInvitation(db, { organizationId, id });
  if (!pending) throw new AppError("not-found", INVITATION_MESSAGES.invitationNotFound);
  await spendMailBudgets(scope, mail, pending.email);
  const invitation = await transact(scope, async (tx, log) => {
    const renewed = await renewInvitation(tx, {
      organizationId,
      id,
      expiresAt: new Date(Date.now() + INVITATION_VALIDITY_MS),
    });
    if (!renewed) throw new AppError("not-found", INVITATION_MESSAGES.invitationNotFound);
    log.record({ action: "invitation.resent", entityId: id, summary: `Resent the invitation of ${renewed.email}` });
    return renewed;
  });
  await sendInvitation(db, mail, invitation);
  return { ...toInvitation(invitation), ...mailOutcome(mail, invitation) };
}

/** Cancel (spec 4) deletes the invitation; its link stops working at once. */
export async function cancelInvitation({ id, ...scope }: OrgScope & { id: string }): Promise<void> {
  const { organizationId } = scope;
  await transact(scope, async (tx, log) => {
    const deleted = await deleteInvitation(tx, { organizationId, id });
    if (!deleted) throw new AppError("not-found", INVITATION_MESSAGES.invitationNotFound);
    log.record({ action: "invitation.cancelled", entityId: id, summary: "Cancelled an invitation" });
  });
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
        link: invitationLink({ appUrl }, invitation),
        expiresAt: invitation.expiresAt,
      }),
    );
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError("unavailable", INVITATION_MESSAGES.sendFailed(reason));
  }
  await markInvitationSent(db, invitation.id);
}

function invitationLink({ appUrl }: { appUrl: string }, invitation: InvitationRow): string {
  return `${appUrl}/invite/${encodeURIComponent(invitation.code)}`;
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
  code,
  ...context
}: UserContext & { code: string }): Promise<AcceptedInvitation> {
  const { actor } = context;
  const outcome = await transact(context, async (tx, log) => {
    const outcome = await acceptInTransaction(tx, {
      code,
      userId: actor.userId,
      email: actor.email,
      context: "invitation",
    });
    recordAccepted(log, outcome, actor);
    return outcome;
  });
  return { organizationId: outcome.organizationId, organizationName: outcome.organizationName, role: outcome.role };
}

/** An accepted invitation: the member joined (its row), and the invitation left the list. */
export function recordAccepted(
  log: ChangeLog,
  outcome: { organizationId: string; invitationId: string; joined: boolean; role: string | null },
  user: { userId: string; email: string },
) {
  const { organizationId } = outcome;
  log.announce({ entity: "invitation", id: outcome.invitationId, action: "deleted" }, organizationId);
  if (!outcome.joined) return;
  log.record({
    action: "member.joined",
    organizationId,
    entityId: user.userId,
    summary: `${user.email} joined as ${outcome.role ?? "viewer"} by invitation`,
    changes: { role: { after: outcome.role ?? "viewer" } },
  });
}

/** Decline (spec 4): only the invitee may turn it down; the invitation is then deleted. */
export async function declineInvitation({ code, ...context }: UserContext & { code: string }): Promise<void> {
  await transact(context, async (tx, log) => {
    const row = assertUsable(await findInvitationByCode(tx, code, { lock: true }), "invitation");
    assertInvitee(row, context.actor.email, "invitation");
    await deleteInvitation(tx, { organizationId: row.organizationId, id: row.id });
    log.record({
      action: "invitation.declined",
      organizationId: row.organizationId,
      entityId: row.id,
      summary: `${row.email} declined the invitation`,
    });
  });
}
