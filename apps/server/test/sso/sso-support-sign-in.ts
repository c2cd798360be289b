import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { TestClient } from "../helpers/http-client.ts";
import { signInAtProvider, type TestProvider } from "./oidc-provider.ts";

/** Where the provider sends people back: the test app's APP_URL and the callback's path. */
export const CALLBACK = "http://localhost:3000/api/auth/sso/callback";

/**
 * The whole sign-in as a browser makes it: POST /api/auth/sso/start, the provider's login form as
 * `login`, then the callback, on a client of its own. Answers the callback's answer and the client.
 */
export async function signInThroughProvider(
  app: FastifyInstance,
  provider: TestProvider,
  email: string,
  login: string,
) {
  const client = new TestClient(app);
  const started = await client.post("/api/auth/sso/start", { email });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  expect(started.body.url.startsWith(provider.issuer)).toBe(true);
  const back = await signInAtProvider(started.body.url, login, CALLBACK);
  const callback = await client.get(back.replace("http://localhost:3000", ""));
  return { client, callback, callbackUrl: back };
}

/** The message a refused sign-in takes back to the login page. */
export function refusal(callback: { status: number; headers: Record<string, unknown> }) {
  expect(callback.status).toBe(302);
  const location = new URL(String(callback.headers.location));
  expect(location.pathname).toBe("/login");
  return location.searchParams.get("sso_error");
}

/** The organization's members as `client` reads them (at most 100). */
export async function membersOf(client: TestClient, organizationId: string) {
  const response = await client.get(`/api/orgs/${organizationId}/members?pageSize=100`);
  expect(response.status).toBe(200);
  return response.body.items as Array<{ userId: string; email: string; role: string }>;
}
