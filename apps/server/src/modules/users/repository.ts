import { eq, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import type { Executor } from "../../db/database.ts";
import { account, user } from "../../db/schema/index.ts";

/*
 * The users table (and a new user's password account), for the modules that make or change a
 * user beside their own tables: registration, joining by invitation, the profile page. Better-auth
 * writes the rest (sessions, accounts, two-factor, verification) through its own adapter.
 */

export async function setCurrentOrganization(db: Executor, values: { userId: string; organizationId: string | null }) {
  await db.update(user).set({ currentOrgId: values.organizationId }).where(eq(user.id, values.userId));
}

/** An account as the audit log names it, by id or by e-mail address. */
export async function findAccountSummary(db: Executor, where: { id?: string; email?: string }) {
  const condition = where.id ? eq(user.id, where.id) : eq(user.email, (where.email ?? "").trim().toLowerCase());
  const [row] = await db
    .select({ id: user.id, email: user.email, name: user.name, twoFactorEnabled: user.twoFactorEnabled })
    .from(user)
    .where(condition);
  return row ?? null;
}

export async function emailExists(db: Executor, email: string) {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email.toLowerCase()));
  return Boolean(row);
}

/** Whether the instance has any account at all (a fresh install has none). */
export async function anyAccountExists(db: Executor) {
  const [row] = await db.select({ id: user.id }).from(user).limit(1);
  return Boolean(row);
}

const FIRST_ACCOUNT_LOCK_KEY = 7_316_045;

/**
 * Makes registrations that would be the instance's first take turns (until this transaction
 * ends), so two of them at once cannot both find the instance empty.
 */
export async function lockFirstAccount(tx: Executor) {
  await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_ACCOUNT_LOCK_KEY})`);
}

/** A user with an email-and-password account, as better-auth stores it. */
export async function insertUserWithPassword(
  db: Executor,
  values: { id?: string; email: string; passwordHash: string },
) {
  const id = values.id ?? randomUUID();
  await db.insert(user).values({ id, email: values.email.toLowerCase(), name: "" });
  await db
    .insert(account)
    .values({ id: randomUUID(), accountId: id, providerId: "credential", userId: id, password: values.passwordHash });
  return { id };
}

export async function updateUserProfile(
  db: Executor,
  userId: string,
  changes: { name?: string; phone?: string | null },
) {
  const values = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<
    typeof user.$inferInsert
  >;
  await db
    .update(user)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(user.id, userId));
}

/** users.image is better-auth's field for the picture: it follows the avatar's URL. */
export async function setUserImage(db: Executor, userId: string, url: string | null) {
  await db.update(user).set({ image: url, updatedAt: new Date() }).where(eq(user.id, userId));
}
