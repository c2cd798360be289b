import { AppError } from "@flowdeck/shared";
import { API_TOKEN_MESSAGES } from "@flowdeck/shared/api-tokens/messages";
import { API_TOKEN_PREFIX } from "@flowdeck/shared/api-tokens/schemas";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/database.ts";
import { tokenRole, type TokenActor } from "../../lib/actor.ts";
import { hashSecret } from "../../lib/secrets.ts";
import { findTokenForRequest, touchToken } from "../../modules/api-tokens/repository.ts";

/** The API token a request carries as `Authorization: Bearer fdt_…`, if any. */
export function bearerApiToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  return match?.[1]?.startsWith(API_TOKEN_PREFIX) ? match[1] : undefined;
}

/**
 * The actor of a token request: its organization, and its role capped by its creator's role
 * there today (a demoted creator demotes their tokens; one who left ends them, and coming back
 * does not revive them). Unknown, revoked and expired tokens are 401, whichever it is.
 */
export async function identifyToken(db: Database, token: string, log: FastifyBaseLogger): Promise<TokenActor> {
  const row = await findTokenForRequest(db, hashSecret(token));
  if (!row) throw new AppError("unauthenticated", API_TOKEN_MESSAGES.invalidToken);
  touchToken(db, row.id).catch((error: unknown) => log.warn({ err: error }, "could not record an API token's use"));
  return {
    kind: "token",
    tokenId: row.id,
    name: row.name,
    createdByUserId: row.createdBy,
    organizationId: row.organizationId,
    role: tokenRole(row.role, row.creatorRole),
  };
}
