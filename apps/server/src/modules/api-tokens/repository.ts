import { and, count, desc, eq, gt, gte, isNull, lt, or, sql } from "drizzle-orm";
import type { Role } from "@flowdeck/shared";
import type { Executor } from "../../db/database.ts";
import { apiTokens, memberships, user } from "../../db/schema/index.ts";

/** Tokens that still work: not revoked and not expired. Revoked ones leave the list at once. */
const isLive = () =>
  and(isNull(apiTokens.revokedAt), or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql`now()`)));

export async function listLiveTokens(db: Executor, options: { organizationId: string; limit: number; offset: number }) {
  const where = and(eq(apiTokens.organizationId, options.organizationId), isLive());
  const rows = await db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      role: apiTokens.role,
      hint: apiTokens.hint,
      createdAt: apiTokens.createdAt,
      lastUsedAt: apiTokens.lastUsedAt,
      expiresAt: apiTokens.expiresAt,
      creatorId: user.id,
      creatorName: user.name,
      creatorEmail: user.email,
    })
    .from(apiTokens)
    .leftJoin(user, eq(user.id, apiTokens.createdBy))
    .where(where)
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await db.select({ value: count() }).from(apiTokens).where(where);
  return { rows, total: total?.value ?? 0 };
}

export type ApiTokenRow = Awaited<ReturnType<typeof listLiveTokens>>["rows"][number];

export async function insertToken(
  db: Executor,
  values: {
    organizationId: string;
    name: string;
    role: "viewer" | "editor" | "admin";
    tokenHash: string;
    hint: string;
    createdBy: string;
    expiresAt: Date | null;
  },
) {
  const [row] = await db.insert(apiTokens).values(values).returning();
  return row!;
}

/** Ends a live token of the organization; returns it, or undefined when there is none to end. */
export async function revokeToken(db: Executor, keys: { organizationId: string; tokenId: string }) {
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiTokens.organizationId, keys.organizationId), eq(apiTokens.id, keys.tokenId), isLive()))
    .returning({ id: apiTokens.id, name: apiTokens.name, role: apiTokens.role });
  return row;
}

/**
 * The live token with this hash, with its creator's current role in the token's organization: a
 * token works only while its creator is still a member there, in the membership it was made in
 * (a creator removed and invited again does not revive older tokens). One statement, on every
 * request.
 */
export async function findTokenForRequest(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      organizationId: apiTokens.organizationId,
      role: apiTokens.role,
      createdBy: apiTokens.createdBy,
      lastUsedAt: apiTokens.lastUsedAt,
      creatorRole: memberships.role,
    })
    .from(apiTokens)
    .innerJoin(
      memberships,
      and(
        eq(memberships.organizationId, apiTokens.organizationId),
        eq(memberships.userId, apiTokens.createdBy),
        gte(apiTokens.createdAt, memberships.createdAt),
      ),
    )
    .where(and(eq(apiTokens.tokenHash, tokenHash), isLive()));
  return row ? { ...row, creatorRole: (row.creatorRole ?? null) as Role | null } : undefined;
}

/** Marks a token used, at most once a minute, so a busy token does not write on every request. */
export async function touchToken(db: Executor, tokenId: string) {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiTokens.id, tokenId),
        or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, sql`now() - interval '1 minute'`)),
      ),
    );
}
