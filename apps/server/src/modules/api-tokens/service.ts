import { AppError, roleRank, type Page, type PageQuery } from "@flowdeck/shared";
import { API_TOKEN_MESSAGES } from "@flowdeck/shared/api-tokens/messages";
import {
  API_TOKEN_PREFIX,
  type ApiToken,
  type CreateApiTokenSchema,
  type CreatedApiToken,
} from "@flowdeck/shared/api-tokens/schemas";
import type { z } from "zod";
import type { Database } from "../../db/database.ts";
import type { UserActor } from "../../lib/actor.ts";
import { transact, type OrgScope } from "../../lib/change-log.ts";
import { hashSecret, newSecret, secretHint } from "../../lib/secrets.ts";
import { refuseWhenSsoEnforced } from "../sso/enforcement.ts";
import { insertToken, listLiveTokens, revokeToken as revokeTokenRow, type ApiTokenRow } from "./repository.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

type Scope = { db: Database; organizationId: string };

function toApiToken(
  row: Omit<ApiTokenRow, "creatorId" | "creatorName" | "creatorEmail"> & Partial<ApiTokenRow>,
): ApiToken {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    hint: row.hint,
    createdBy: row.creatorId ? { id: row.creatorId, name: row.creatorName ?? "", email: row.creatorEmail ?? "" } : null,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

export async function listTokens(scope: Scope, page: PageQuery): Promise<Page<ApiToken>> {
  const { rows, total } = await listLiveTokens(scope.db, {
    organizationId: scope.organizationId,
    limit: page.pageSize,
    offset: (page.page - 1) * page.pageSize,
  });
  return { items: rows.map(toApiToken), total, page: page.page, pageSize: page.pageSize };
}

/**
 * Mints a token. Its role is never above its creator's (a null role acts as viewer); the secret
 * is in this answer only, the database keeps its hash.
 */
export async function createToken(
  scope: OrgScope & { creator: UserActor },
  input: z.output<typeof CreateApiTokenSchema>,
): Promise<CreatedApiToken> {
  const { creator } = scope;
  // A token would outlive what the identity provider allows (decision 077).
  await refuseWhenSsoEnforced(scope.db, creator.email, "api-token");
  if (roleRank(input.role) > roleRank(creator.role ?? "viewer")) {
    throw new AppError("permission-denied", API_TOKEN_MESSAGES.roleAboveYours, {
      role: API_TOKEN_MESSAGES.roleAboveYours,
    });
  }
  const token = newSecret(API_TOKEN_PREFIX);
  return transact(scope, async (tx, log) => {
    const row = await insertToken(tx, {
      organizationId: scope.organizationId,
      name: input.name,
      role: input.role,
      tokenHash: hashSecret(token),
      hint: secretHint(token, API_TOKEN_PREFIX),
      createdBy: creator.userId,
      expiresAt: input.expiresInDays === null ? null : new Date(Date.now() + input.expiresInDays * DAY_MS),
    });
    log.record({
      action: "apiToken.created",
      entityId: row.id,
      summary: `Created the ${row.role} API token "${row.name}"`,
      changes: {
        role: { before: null, after: row.role },
        expiresAt: { before: null, after: row.expiresAt?.toISOString() ?? null },
      },
    });
    return {
      ...toApiToken({ ...row, creatorId: creator.userId, creatorName: creator.name, creatorEmail: creator.email }),
      token,
    };
  });
}

export async function revokeToken(scope: OrgScope, tokenId: string): Promise<void> {
  await transact(scope, async (tx, log) => {
    const revoked = await revokeTokenRow(tx, { organizationId: scope.organizationId, tokenId });
    if (!revoked) throw new AppError("not-found", API_TOKEN_MESSAGES.notFound);
    log.record({
      action: "apiToken.revoked",
      entityId: revoked.id,
      summary: `Revoked the API token "${revoked.name}"`,
    });
  });
}
