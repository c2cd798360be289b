import { createHash } from "node:crypto";
import { SamlStatusError, type CacheProvider, type Profile } from "@node-saml/node-saml";
import { groupsOf } from "@flowdeck/shared/sso/group-roles";
import { SSO_MESSAGES } from "@flowdeck/shared/sso/messages";
import type { RequestOrigin } from "../../../lib/change-log.ts";
import { SsoProblem } from "../discovery.ts";
import { admitPerson, type ProviderPerson } from "../people.ts";
import { consumeSignInState, findConnection, insertSignInState, type ConnectionRow } from "../repository.ts";
import type { SsoContext } from "../sign-in.ts";
import { parseXml } from "./metadata.ts";
import { acsUrl, REQUEST_TTL_MS, serviceProvider } from "./service-provider.ts";

const requestKey = (requestId: string) => createHash("sha256").update(`saml:${requestId}`).digest("hex");

/**
 * POST /api/auth/sso/start for a SAML connection (decision 078): the identity provider's SSO URL
 * with an AuthnRequest (HTTP-Redirect binding). Its id is kept, hashed, as the sign-in's state:
 * the answer must name it (InResponseTo), once, within ten minutes.
 */
export async function startSamlSignIn(context: SsoContext, connection: ConnectionRow, email: string) {
  const requests: CacheProvider = {
    async saveAsync(requestId, instant) {
      await insertSignInState(context.db, {
        stateHash: requestKey(requestId),
        organizationId: connection.organizationId,
        email,
        expiresAt: new Date(Date.now() + REQUEST_TTL_MS),
      });
      return { value: instant, createdAt: Date.now() };
    },
    getAsync: async () => null,
    removeAsync: async () => null,
  };
  const url = await serviceProvider(connection, { appUrl: context.appUrl, requests }).getAuthorizeUrlAsync(
    "",
    undefined,
    {},
  );
  return { url };
}

export type AcsBody = { SAMLResponse?: string; RelayState?: string };

/**
 * The identity provider posted its answer to the assertion consumer service. The request it
 * answers is used up first (so an answer works once), which also says whose connection checks it;
 * node-saml checks the signature, issuer, audience, time and InResponseTo; we add the destination
 * and recipient; then the person is admitted as through OIDC. Any refusal is an SsoProblem.
 */
export async function finishSamlSignIn(
  context: SsoContext,
  body: AcsBody,
  origin: RequestOrigin,
): Promise<{ userId: string }> {
  if (!body.SAMLResponse) throw new SsoProblem(SSO_MESSAGES.samlResponseMissing);
  const response = await readResponse(body.SAMLResponse);
  const signIn = response.inResponseTo
    ? await consumeSignInState(context.db, requestKey(response.inResponseTo))
    : undefined;
  // An OIDC state has a code verifier: it never stands for a SAML request.
  if (!signIn || signIn.codeVerifier !== null) throw new SsoProblem(SSO_MESSAGES.stateInvalid);
  const connection = await findConnection(context.db, signIn.organizationId);
  if (connection?.protocol !== "saml") throw new SsoProblem(SSO_MESSAGES.notConfigured);
  const acs = acsUrl(context.appUrl);
  if (response.destination && response.destination !== acs) throw new SsoProblem(SSO_MESSAGES.samlWrongDestination);

  // The request is already used up: node-saml learns of it from this one-entry store.
  const requested = signIn.createdAt.toISOString();
  const requests: CacheProvider = {
    saveAsync: async () => null,
    getAsync: async (key) => (key === response.inResponseTo ? requested : null),
    removeAsync: async () => null,
  };
  let profile: Profile | null;
  try {
    ({ profile } = await serviceProvider(connection, { appUrl: context.appUrl, requests }).validatePostResponseAsync({
      SAMLResponse: body.SAMLResponse,
    }));
  } catch (error) {
    throw new SsoProblem(refusalOf(error));
  }
  if (!profile) throw new SsoProblem(SSO_MESSAGES.idTokenInvalid);
  // The signed assertion itself must be for our ACS and answer this request: an assertion signed
  // for another sign-in, wrapped in a new response, is refused (node-saml lets one without
  // InResponseTo through).
  const confirmations = confirmationsOf(profile).filter((data) => data.recipient === acs);
  if (confirmations.length === 0) throw new SsoProblem(SSO_MESSAGES.samlWrongDestination);
  if (!confirmations.some((data) => data.inResponseTo === response.inResponseTo)) {
    throw new SsoProblem(SSO_MESSAGES.samlNotThisSignIn);
  }
  const userId = await admitPerson(
    { db: context.db, events: context.events, origin },
    connection,
    personOf(profile, connection),
  );
  return { userId };
}

/** The Response's InResponseTo and Destination, read before any check to find the sign-in. */
async function readResponse(encoded: string) {
  const root = (await parseXml(Buffer.from(encoded, "base64").toString("utf8")))?.Response;
  if (!root) throw new SsoProblem(SSO_MESSAGES.idTokenInvalid);
  return { inResponseTo: root.$?.InResponseTo ?? "", destination: root.$?.Destination ?? "" };
}

/** The Recipient and InResponseTo of each SubjectConfirmationData in the verified assertion. */
function confirmationsOf(profile: Profile): Array<{ recipient?: string; inResponseTo?: string }> {
  type Node = { $?: Record<string, string>; [child: string]: unknown };
  const assertion = (profile.getAssertion?.() as { Assertion?: Node } | undefined)?.Assertion;
  const subjects = (assertion?.Subject as Node[] | undefined) ?? [];
  return subjects
    .flatMap((subject) => (subject.SubjectConfirmation as Node[] | undefined) ?? [])
    .flatMap((confirmation) => (confirmation.SubjectConfirmationData as Node[] | undefined) ?? [])
    .map((data) => ({ recipient: data.$?.Recipient, inResponseTo: data.$?.InResponseTo }));
}

const TRANSIENT = "urn:oasis:names:tc:SAML:2.0:nameid-format:transient";

/**
 * Who signed in, by the connection's attribute mapping: the address from its attribute, else the
 * NameID when it is an address, else the attribute `email`; a transient NameID (new at every
 * sign-in) is no lasting account, so the address stands for it.
 */
function personOf(profile: Profile, connection: ConnectionRow): ProviderPerson {
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);
  const text = (value: unknown) => (typeof first(value) === "string" ? (first(value) as string).trim() : "");
  const nameId = profile.nameID ?? "";
  const email = (
    connection.samlEmailAttribute
      ? text(attributes[connection.samlEmailAttribute])
      : nameId.includes("@")
        ? nameId
        : text(attributes.email ?? profile.email)
  ).toLowerCase();
  return {
    subject: profile.nameIDFormat === TRANSIENT || !nameId ? email : nameId,
    email,
    name: connection.samlNameAttribute ? text(attributes[connection.samlNameAttribute]).slice(0, 200) : "",
    groups: groupsOf(attributes[connection.groupClaim]),
  };
}

/** node-saml's refusal in plain words. */
function refusalOf(error: unknown): string {
  if (error instanceof SamlStatusError) return SSO_MESSAGES.providerError(error.message);
  const message = error instanceof Error ? error.message : "";
  if (/signature|Cannot obtain assertion/i.test(message)) return SSO_MESSAGES.samlSignatureInvalid;
  if (/audience|AudienceRestriction/i.test(message)) return SSO_MESSAGES.idTokenWrongAudience;
  if (/expired|not yet valid|subject confirmation/i.test(message)) return SSO_MESSAGES.idTokenExpired;
  if (/subjectInResponseTo/i.test(message)) return SSO_MESSAGES.samlNotThisSignIn;
  if (/InResponseTo/i.test(message)) return SSO_MESSAGES.stateInvalid;
  if (/issuer/i.test(message)) return SSO_MESSAGES.idTokenWrongIssuer;
  return SSO_MESSAGES.idTokenInvalid;
}
