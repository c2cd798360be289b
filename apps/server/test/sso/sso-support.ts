import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import type { ResolveTxt } from "../../src/lib/resolve-txt.ts";
import { TestClient } from "../helpers/http-client.ts";
import { registrationBody, TEST_PASSWORD } from "../helpers/test-data.ts";

/**
 * What the tests' DNS answers for TXT look-ups: a test puts a domain's verification record here,
 * as its owner would publish it. Unknown names have no records.
 */
export const TXT_RECORDS = new Map<string, string[][]>();
export const testResolveTxt: ResolveTxt = async (hostname) => TXT_RECORDS.get(hostname) ?? [];

export const ssoUrl = (organizationId: string, rest = "") => `/api/orgs/${organizationId}/sso${rest}`;

/** A fresh e-mail domain no other test uses. */
export const freshDomain = () => `sso-${randomBytes(5).toString("hex")}.example.com`;

/** A PUT /sso body; `overrides` replace its fields. */
export function connectionBody(overrides: Record<string, unknown> = {}) {
  return {
    protocol: "oidc",
    issuer: "https://idp.example.com/realms/ops",
    clientId: "flowdeck",
    clientSecret: "the-client-secret-Qw7!zP",
    scopes: ["openid", "email", "profile"],
    domains: [freshDomain()],
    defaultRole: "viewer",
    groupClaim: "groups",
    groupRoles: [],
    enforce: false,
    ...overrides,
  };
}

/**
 * An owner whose address is on their organization's registered domain, so single sign-on for that
 * domain is verified at once; signed in.
 */
export async function registerOwnerOnDomain(app: FastifyInstance, domain = freshDomain()) {
  const client = new TestClient(app);
  const email = `owner-${randomBytes(4).toString("hex")}@${domain}`;
  const response = await client.post<{ userId: string; organizationId: string }>(
    "/api/account/register",
    registrationBody({ email, password: TEST_PASSWORD, organizationName: "SSO Operations", domain }),
  );
  if (response.status !== 201) throw new Error(`registration failed: ${JSON.stringify(response.body)}`);
  return { id: response.body.userId, email, domain, client, organizationId: response.body.organizationId };
}

/** A log stream for the test app, and everything written to it so far (no secret may be in it). */
export function capturedLog() {
  let text = "";
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return {
    stream,
    get text() {
      return text;
    },
  };
}
