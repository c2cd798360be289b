import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { TestClient } from "../helpers/http-client.ts";
import type { TestSamlIdp } from "./saml-idp.ts";
import { freshDomain } from "./sso-support.ts";

/** The test app's APP_URL, and what Flowdeck's service provider is at it. */
export const APP_URL = "http://localhost:3000";
export const ACS_URL = `${APP_URL}/api/auth/sso/saml/acs`;
export const spEntityIdOf = (organizationId: string) => `${APP_URL}/api/auth/sso/saml/${organizationId}/metadata`;

/** A PUT /sso body for SAML; `saml` and `overrides` replace its fields. */
export function samlConnectionBody(saml: Record<string, unknown>, overrides: Record<string, unknown> = {}) {
  return {
    protocol: "saml",
    saml,
    domains: [freshDomain()],
    defaultRole: "viewer",
    groupClaim: "groups",
    groupRoles: [],
    enforce: false,
    ...overrides,
  };
}

/**
 * The whole SAML sign-in as a browser makes it: POST /api/auth/sso/start, the identity provider's
 * page for `login` (the test provider signs in whoever is named), and its form posted to the ACS
 * from the provider's origin, on a client of its own. Answers the ACS's answer, the client and the
 * form, to post again.
 */
export async function signInThroughSamlIdp(app: FastifyInstance, idp: TestSamlIdp, email: string, login: string) {
  const client = new TestClient(app);
  const started = await client.post<{ url: string }>("/api/auth/sso/start", { email });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  expect(started.body.url.startsWith(`${idp.ssoUrl}?SAMLRequest=`)).toBe(true);
  const page = await fetch(`${started.body.url}&login=${encodeURIComponent(login)}`);
  const html = await page.text();
  expect(page.status, html).toBe(200);
  const action = /action="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, "&");
  expect(action).toBe(ACS_URL);
  const form = new URLSearchParams({ SAMLResponse: /name="SAMLResponse" value="([^"]+)"/.exec(html)![1]! }).toString();
  const acs = await postToAcs(client, idp, form);
  return { client, acs, form };
}

/** The provider's page posting its form: from its own origin, cross-site, as a browser sends it. */
export function postToAcs(client: TestClient, idp: TestSamlIdp, form: string) {
  return client.request({
    method: "POST",
    url: "/api/auth/sso/saml/acs",
    payload: form,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: idp.origin,
      "sec-fetch-site": "cross-site",
    },
  });
}
