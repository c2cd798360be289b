import type { TestClient } from "../helpers/http-client.ts";

export function tokensUrl(orgId: string, rest = "") {
  return `/api/orgs/${orgId}/api-tokens${rest}`;
}

/** Creates a token through the API and returns the answer; fails the test on any other answer. */
export async function createApiToken(
  client: TestClient,
  orgId: string,
  overrides: { name?: string; role?: string; expiresInDays?: number | null } = {},
) {
  const response = await client.post(tokensUrl(orgId), { name: "CI", role: "viewer", expiresInDays: 30, ...overrides });
  if (response.status !== 201)
    throw new Error(`token creation failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as { id: string; token: string; role: string; hint: string };
}
