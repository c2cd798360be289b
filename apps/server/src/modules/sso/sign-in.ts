import { createHash, randomBytes } from "node:crypto";
import { AppError } from "@flowdeck/shared";
import { groupsOf } from "@flowdeck/shared/sso/group-roles";
import { SSO_MESSAGES } from "@flowdeck/shared/sso/messages";
import type { Database } from "../../db/database.ts";
import type { RequestOrigin } from "../../lib/change-log.ts";
import type { EventHub } from "../../lib/event-hub.ts";
import type { OutboundClient } from "../../lib/outbound/outbound-client.ts";
import { openClientSecret } from "./client-secret.ts";
import { callProvider, discover, parseJsonObject, SsoProblem, type ProviderMetadata } from "./discovery.ts";
import { verifyIdToken } from "./id-token.ts";
import { admitPerson } from "./people.ts";
import { finishSamlSignIn, startSamlSignIn, type AcsBody } from "./saml/sign-in.ts";
import {
  anyVerifiedDomain,
  consumeSignInState,
  findConnection,
  findConnectionForVerifiedDomain,
  insertSignInState,
  type ConnectionRow,
} from "./repository.ts";

/** How long a started sign-in may take at the provider before its state is refused. */
const STATE_TTL_MS = 10 * 60 * 1000;

export type SsoContext = {
  db: Database;
  events: EventHub;
  outbound: OutboundClient;
  appUrl: string;
  /** The clock id tokens are checked against. */
  now: () => Date;
};

export const callbackUrl = (appUrl: string) => `${appUrl}/api/auth/sso/callback`;

const random = () => randomBytes(32).toString("base64url");
const sha256 = (text: string, encoding: "hex" | "base64url") => createHash("sha256").update(text).digest(encoding);

async function discoverOrUnavailable(outbound: OutboundClient, issuer: string): Promise<ProviderMetadata> {
  try {
    return await discover(outbound, issuer);
  } catch (error) {
    if (error instanceof SsoProblem) throw new AppError("unavailable", error.message);
    throw error;
  }
}

/** Whether any address can sign in through a provider: some organization has a verified domain. */
export function signInThroughProviderOffered(db: Database): Promise<boolean> {
  return anyVerifiedDomain(db);
}

/**
 * POST /api/auth/sso/start: where to send the browser for an address on a verified domain. OIDC:
 * the provider's authorization URL, with a state (kept hashed, single use), a nonce and a PKCE
 * challenge (S256) of this sign-in. SAML: the identity provider's SSO URL with an AuthnRequest.
 */
export async function startSignIn(context: SsoContext, email: string): Promise<{ url: string }> {
  const domain = email.split("@")[1] ?? "";
  const connection = await findConnectionForVerifiedDomain(context.db, domain);
  if (!connection) throw new AppError("not-found", SSO_MESSAGES.noSsoForAddress);
  if (connection.protocol === "saml") return startSamlSignIn(context, connection, email);
  const metadata = await discoverOrUnavailable(context.outbound, connection.issuer);
  const state = random();
  const nonce = random();
  const codeVerifier = random();
  await insertSignInState(context.db, {
    stateHash: sha256(state, "hex"),
    organizationId: connection.organizationId,
    nonce,
    codeVerifier,
    email,
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  const url = new URL(metadata.authorizationEndpoint);
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: connection.clientId!,
    redirect_uri: callbackUrl(context.appUrl),
    scope: connection.scopes.join(" "),
    state,
    nonce,
    code_challenge: sha256(codeVerifier, "base64url"),
    code_challenge_method: "S256",
    login_hint: email,
  }).toString();
  return { url: url.toString() };
}

export type CallbackQuery = { code?: string; state?: string; error?: string; error_description?: string };

/**
 * The provider sent the person back: the state is used up, the code exchanged (with the client
 * secret and the PKCE verifier), the id token verified, and the person admitted to the
 * organization. Any refusal is an SsoProblem whose message says what went wrong.
 */
export async function finishSignIn(
  context: SsoContext,
  query: CallbackQuery,
  origin: RequestOrigin,
): Promise<{ userId: string }> {
  const signIn = query.state ? await consumeSignInState(context.db, sha256(query.state, "hex")) : undefined;
  // A SAML request (decision 078) has neither nonce nor verifier: it never stands for an OIDC state.
  if (!signIn?.nonce || !signIn.codeVerifier) throw new SsoProblem(SSO_MESSAGES.stateInvalid);
  if (query.error) throw new SsoProblem(SSO_MESSAGES.providerError(query.error_description ?? query.error));
  if (!query.code) throw new SsoProblem(SSO_MESSAGES.tokenExchangeFailed);
  const connection = await findConnection(context.db, signIn.organizationId);
  if (connection?.protocol !== "oidc") throw new SsoProblem(SSO_MESSAGES.notConfigured);
  const metadata = await discover(context.outbound, connection.issuer);
  const tokens = await exchangeCode(context, {
    connection,
    metadata,
    code: query.code,
    codeVerifier: signIn.codeVerifier,
  });
  const claims = {
    ...(await verifyIdToken({
      outbound: context.outbound,
      metadata,
      idToken: tokens.idToken,
      clientId: connection.clientId!,
      nonce: signIn.nonce,
      now: context.now(),
    })),
  } as Record<string, unknown>;
  if ((claims.email === undefined || claims[connection.groupClaim] === undefined) && tokens.accessToken) {
    Object.assign(claims, {
      ...(await userinfo(context.outbound, metadata, tokens.accessToken, claims.sub)),
      ...claims,
    });
  }
  const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : "";
  if (email.includes("@") && (claims.email_verified === false || claims.email_verified === "false")) {
    throw new SsoProblem(SSO_MESSAGES.emailUnverified);
  }
  const userId = await admitPerson({ db: context.db, events: context.events, origin }, connection, {
    subject: String(claims.sub),
    email,
    name: typeof claims.name === "string" ? claims.name.slice(0, 200) : "",
    groups: groupsOf(claims[connection.groupClaim]),
  });
  return { userId };
}

async function exchangeCode(
  context: SsoContext,
  options: { connection: ConnectionRow; metadata: ProviderMetadata; code: string; codeVerifier: string },
): Promise<{ idToken: string; accessToken?: string }> {
  const { connection, metadata } = options;
  const secret = await openClientSecret(context.db, connection.organizationId);
  // client_secret_basic (RFC 6749 2.3.1): both parts form-encoded before base64.
  const basic = Buffer.from(`${encodeURIComponent(connection.clientId!)}:${encodeURIComponent(secret ?? "")}`).toString(
    "base64",
  );
  const answer = await callProvider(
    context.outbound,
    {
      url: metadata.tokenEndpoint,
      method: "POST",
      headers: {
        authorization: `Basic ${basic}`,
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
      },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: options.code,
        redirect_uri: callbackUrl(context.appUrl),
        code_verifier: options.codeVerifier,
      }).toString(),
    },
    connection.issuer,
  );
  const body = parseJsonObject(answer.body);
  if (answer.status === 401 || body?.error === "invalid_client") throw new SsoProblem(SSO_MESSAGES.clientRejected);
  if (answer.status !== 200 || typeof body?.id_token !== "string") {
    throw new SsoProblem(SSO_MESSAGES.tokenExchangeFailed);
  }
  return {
    idToken: body.id_token,
    accessToken: typeof body.access_token === "string" ? body.access_token : undefined,
  };
}

/** The userinfo endpoint's claims, when the id token left some out; only for the same subject. */
async function userinfo(outbound: OutboundClient, metadata: ProviderMetadata, accessToken: string, subject: unknown) {
  if (!metadata.userinfoEndpoint) return {};
  const answer = await callProvider(
    outbound,
    { url: metadata.userinfoEndpoint, method: "GET", headers: { authorization: `Bearer ${accessToken}` } },
    metadata.issuer,
  );
  const claims = answer.status === 200 ? parseJsonObject(answer.body) : null;
  return claims && claims.sub === subject ? claims : {};
}

export type SsoOutcome = { userId: string } | { refused: string };

/** How both protocols' sign-ins end at the endpoints that make sessions (modules/auth/sso-callback.ts). */
export type SsoFinishers = {
  oidc: (query: CallbackQuery, origin: RequestOrigin) => Promise<SsoOutcome>;
  saml: (body: AcsBody, origin: RequestOrigin) => Promise<SsoOutcome>;
};

/** finishSignIn and finishSamlSignIn for the endpoints: a refusal becomes its message, for the login page. */
export function ssoSignInFinishers(context: SsoContext): SsoFinishers {
  const refusedAsMessage =
    <Input>(finish: (context: SsoContext, input: Input, origin: RequestOrigin) => Promise<{ userId: string }>) =>
    async (input: Input, origin: RequestOrigin): Promise<SsoOutcome> => {
      try {
        return await finish(context, input, origin);
      } catch (error) {
        if (error instanceof SsoProblem) return { refused: error.message };
        throw error;
      }
    };
  return { oidc: refusedAsMessage(finishSignIn), saml: refusedAsMessage(finishSamlSignIn) };
}
