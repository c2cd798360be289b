import { SSO_MESSAGES } from "@flowdeck/shared/sso/messages";
import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet, type JWTPayload } from "jose";
import type { OutboundClient } from "../../lib/outbound/outbound-client.ts";
import { callProvider, parseJsonObject, SsoProblem, type ProviderMetadata } from "./discovery.ts";

/**
 * Verifies the provider's id token with `jose` against its JWKS, fetched through the outbound
 * client (jose's own remote key set would fetch around it): signature, issuer, audience (our
 * client id), expiry and the nonce of this sign-in. Each refusal says what was wrong.
 */
export async function verifyIdToken(options: {
  outbound: OutboundClient;
  metadata: ProviderMetadata;
  idToken: string;
  clientId: string;
  nonce: string;
  now: Date;
}): Promise<JWTPayload> {
  const { metadata } = options;
  const answer = await callProvider(
    options.outbound,
    { url: metadata.jwksUri, method: "GET", headers: { accept: "application/json" } },
    metadata.issuer,
  );
  const jwks = answer.status === 200 ? parseJsonObject(answer.body) : null;
  if (!jwks || !Array.isArray(jwks.keys)) throw new SsoProblem(SSO_MESSAGES.idTokenInvalid);
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(options.idToken, createLocalJWKSet(jwks as unknown as JSONWebKeySet), {
      issuer: metadata.issuer,
      audience: options.clientId,
      currentDate: options.now,
      // Clocks of two servers differ a little; more than this is an old answer.
      clockTolerance: 30,
      algorithms: ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"],
    }));
  } catch (error) {
    throw new SsoProblem(idTokenRefusal(error));
  }
  if (payload.nonce !== options.nonce) throw new SsoProblem(SSO_MESSAGES.idTokenWrongNonce);
  return payload;
}

function idTokenRefusal(error: unknown): string {
  if (error instanceof errors.JWTExpired) return SSO_MESSAGES.idTokenExpired;
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === "aud") return SSO_MESSAGES.idTokenWrongAudience;
    if (error.claim === "iss") return SSO_MESSAGES.idTokenWrongIssuer;
  }
  return SSO_MESSAGES.idTokenInvalid;
}
