import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import type { InvitableRole } from "@flowdeck/shared";
import type { InvitationStatus } from "@flowdeck/shared/invitations/constants";
import type { Executor } from "../../db/database.ts";
import type { PageWindow } from "../../db/page-number.ts";
import { literal } from "../../db/schema/columns.ts";
import { invitations, memberships, organizations, user } from "../../db/schema/index.ts";

const invitationColumns = {
  id: invitations.id,
  code: invitations.code,
  organizationId: invitations.organizationId,
  email: invitations.email,
  role: invitations.role,
  status: invitations.status,
  invitedByName: invitations.invitedByName,
  customMessage: invitations.customMessage,
  createdAt: invitations.createdAt,
  expiresAt: invitations.expiresAt,
};

export type InvitationRow = {
  id: string;
  code: string;
  organizationId: string;
  email: string;
  role: InvitableRole | null;
  status: InvitationStatus;
  invitedByName: string;
  customMessage: string | null;
  createdAt: Date;
  expiresAt: Date;
};

export async function listPendingInvitations(db: Executor, options: { organizationId: string } & PageWindow) {
  const where = and(eq(invitations.organizationId, options.organizationId), eq(invitations.status, "pending"));
  const rows: InvitationRow[] = await db
    .select(invitationColumns)
    .from(invitations)
    .where(where)
    .orderBy(asc(invitations.createdAt), asc(invitations.id))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await db.select({ value: count() }).from(invitations).where(where);
  return { rows, total: total?.value ?? 0 };
}

/** Creates the pending invitation, or renews the one that address already has (one per address). */
export async function upsertPendingInvitation(
  db: Executor,
  values: {
    code: string;
    organizationId: string;
    email: string;
    role: InvitableRole;
    invitedBy: string | null;
    invitedByName: string;
    customMessage: string | null;
    expiresAt: Date;
  },
) {
  const [row] = await db
    .insert(invitations)
    .values({ ...values, status: "pending" })
    .onConflictDoUpdate({
      target: [invitations.organizationId, invitations.email],
      targetWhere: sql`${invitations.status} = ${literal<InvitationStatus>("pending")}`,
      // The code stays: a link already sent keeps working.
      set: {
        role: values.role,
        invitedBy: values.invitedBy,
        invitedByName: values.invitedByName,
        customMessage: values.customMessage,
        expiresAt: values.expiresAt,
        updatedAt: sql`now()`,
      },
    })
    .returning({ ...invitationColumns, created: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error("upsert returned no invitation");
  const { created, ...invitation } = row;
  return { invitation: invitation as InvitationRow, created };
}

/** With `lock`, the row stays locked until the transaction ends (SELECT ... FOR UPDATE). */
export async function findInvitationByCode(db: Executor, code: string, options: { lock?: boolean } = {}) {
  const query = db.select(invitationColumns).from(invitations).where(eq(invitations.code, code));
  const [row] = options.lock ? await query.for("update") : await query;
  return row as InvitationRow | undefined;
}

export async function renewInvitation(db: Executor, keys: { organizationId: string; id: string; expiresAt: Date }) {
  const [row] = await db
    .update(invitations)
    .set({ expiresAt: keys.expiresAt })
    .where(
      and(
        eq(invitations.organizationId, keys.organizationId),
        eq(invitations.id, keys.id),
        eq(invitations.status, "pending"),
      ),
    )
    .returning(invitationColumns);
  return row as InvitationRow | undefined;
}

/** A pending invitation of the organization; `unsent`: only one whose mail has not gone out yet (its sending failed). */
export async function findPendingInvitation(
  db: Executor,
  keys: { organizationId: string; id: string },
  options: { unsent?: boolean } = {},
) {
  const [row] = await db
    .select(invitationColumns)
    .from(invitations)
    .where(
      and(
        eq(invitations.organizationId, keys.organizationId),
        eq(invitations.id, keys.id),
        eq(invitations.status, "pending"),
        options.unsent ? isNull(invitations.lastSentAt) : undefined,
      ),
    );
  return row as InvitationRow | undefined;
}

export async function markInvitationSent(db: Executor, id: string) {
  await db
    .update(invitations)
    .set({ lastSentAt: sql`now()` })
    .where(eq(invitations.id, id));
}

/** Deletes a pending invitation (cancel, decline); an accepted one is not the organization's to cancel. */
export async function deleteInvitation(db: Executor, keys: { organizationId: string; id: string }) {
  const deleted = await db
    .delete(invitations)
    .where(
      and(
        eq(invitations.organizationId, keys.organizationId),
        eq(invitations.id, keys.id),
        eq(invitations.status, "pending"),
      ),
    )
    .returning({ id: invitations.id });
  return deleted.length > 0;
}

/** Used: off the list, kept so that its link answers "already accepted" (decision 040). */
export async function markInvitationAccepted(db: Executor, keys: { organizationId: string; id: string }) {
  await db
    .update(invitations)
    .set({ status: "accepted", updatedAt: sql`now()` })
    .where(and(eq(invitations.organizationId, keys.organizationId), eq(invitations.id, keys.id)));
}

export async function findOrganizationName(db: Executor, organizationId: string) {
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.name;
}

export async function isMemberByEmail(db: Executor, keys: { organizationId: string; email: string }) {
  const [row] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(user, eq(user.id, memberships.userId))
    .where(
      and(eq(memberships.organizationId, keys.organizationId), eq(sql`lower(${user.email})`, keys.email.toLowerCase())),
    );
  return Boolean(row);
}

export async function findUserProfile(db: Executor, userId: string) {
  const [row] = await db.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, userId));
  return row;
}
