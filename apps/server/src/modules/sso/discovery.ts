import { SSO_MESSAGES } from "@flowdeck/shared/sso/messages";
import {
  OutboundRefusedError,
  type OutboundAnswer,
  type OutboundClient,
  type OutboundRequest,
} from "../../lib/outbound/outbound-client.ts";

/** What the provider's discovery document says, as far as Flowdeck uses it. */
export type ProviderMetadata = {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksUri: string;
  userinfoEndpoint?: string;
};

/** Something about the provider is wrong; the message says what in plain words. */
export class SsoProblem extends Error {
  override name = "SsoProblem";
}

const TIMEOUT_MS = 10_000;

/** Calls the provider through the one outbound client (decision 055); every failure is an SsoProblem. */
export async function callProvider(
  outbound: OutboundClient,
  request: Omit<OutboundRequest, "timeoutMs">,
  issuer: string,
): Promise<OutboundAnswer> {
  try {
    return await outbound.request({ ...request, timeoutMs: TIMEOUT_MS });
  } catch (error) {
    if (error instanceof OutboundRefusedError) throw new SsoProblem(SSO_MESSAGES.issuerRefused);
    throw new SsoProblem(SSO_MESSAGES.issuerUnreachable(issuer));
  }
}

export function parseJsonObject(body: Buffer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(body.toString("utf8"));
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** OpenID Connect discovery (`/.well-known/openid-configuration`), checked for what sign-in needs. */
export async function discover(outbound: OutboundClient, issuer: string): Promise<ProviderMetadata> {
  const answer = await callProvider(
    outbound,
    { url: `${issuer}/.well-known/openid-configuration`, method: "GET", headers: { accept: "application/json" } },
    issuer,
  );
  const document = answer.status === 200 ? parseJsonObject(answer.body) : null;
  const text = (key: string) => (typeof document?.[key] === "string" ? (document[key] as string) : undefined);
  const list = (key: string) => (Array.isArray(document?.[key]) ? (document[key] as unknown[]) : undefined);
  const authorizationEndpoint = text("authorization_endpoint");
  const tokenEndpoint = text("token_endpoint");
  const jwksUri = text("jwks_uri");
  if (!document || !text("issuer") || !authorizationEndpoint || !tokenEndpoint || !jwksUri) {
    throw new SsoProblem(SSO_MESSAGES.discoveryInvalid);
  }
  if (text("issuer")!.replace(/\/+$/, "") !== issuer)
    throw new SsoProblem(SSO_MESSAGES.issuerMismatch(text("issuer")!));
  const claims = list("claims_supported");
  if (claims && !claims.includes("email")) throw new SsoProblem(SSO_MESSAGES.noEmailClaim);
  const responseTypes = list("response_types_supported");
  if (responseTypes && !responseTypes.includes("code")) throw new SsoProblem(SSO_MESSAGES.noCodeFlow);
  return {
    issuer: text("issuer")!,
    authorizationEndpoint,
    tokenEndpoint,
    jwksUri,
    userinfoEndpoint: text("userinfo_endpoint"),
  };
}
