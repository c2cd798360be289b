import { can, deniedMessage, isAction, tokensMay } from "@flowdeck/shared";
import { API_TOKEN_ROLES } from "@flowdeck/shared/api-tokens/schemas";
import { API_TOKEN_MESSAGES } from "@flowdeck/shared/api-tokens/messages";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiTokens, tasks } from "../../src/db/schema/index.ts";
import { hashSecret } from "../../src/lib/secrets.ts";
import { addMember, createOrgWithRoles, createUser, uniqueEmail, type OrgWithRoles } from "../helpers/factories.ts";
import { bearerClient, TestClient } from "../helpers/http-client.ts";
import { baseUrlOf } from "../helpers/sse-client.ts";
import { ORG_ROUTE_PREFIX } from "../../src/lib/scope.ts";
import { createAppWithRoles, createTestApp, type TestApp } from "../helpers/test-app.ts";
import { taskBody, tasksUrl } from "../helpers/test-data.ts";
import { insertInvitation } from "../members/support.ts";
import { createApiToken, tokensUrl } from "./token-factory.ts";

let t: TestApp;
let org: OrgWithRoles;
// The live-update stream is called over real HTTP.
beforeAll(async () => ({ t, org } = await createAppWithRoles({ listen: true })));
afterAll(() => t.close());

describe("creating and listing tokens", () => {
  it("shows the secret once, keeps only its hash, and lists the token without it", async () => {
    const created = await createApiToken(org.users.admin.client, org.organizationId, { name: "Nightly backup" });
    expect(created.token).toMatch(/^fdt_[A-Za-z0-9_-]{43}$/);
    const [row] = await t.app.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(row!.tokenHash).toBe(hashSecret(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token);

    const list = await org.users.owner.client.get(tokensUrl(org.organizationId, "?pageSize=100"));
    const listed = list.body.items.find((token: { id: string }) => token.id === created.id);
    expect(listed).toMatchObject({ name: "Nightly backup", role: "viewer", lastUsedAt: null });
    expect(listed.createdBy.email).toBe(org.users.admin.email);
    expect(listed.token).toBeUndefined();
    expect(created.token.startsWith(listed.hint.replace("…", ""))).toBe(true);
  });

  it("sets the expiry from the days chosen, or none", async () => {
    const in30 = await createApiToken(org.users.owner.client, org.organizationId, { expiresInDays: 30 });
    const never = await createApiToken(org.users.owner.client, org.organizationId, { expiresInDays: null });
    const days = (Date.parse((in30 as any).expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    expect((never as any).expiresAt).toBeNull();
  });

  it("refuses an owner role, another expiry and a blank name with clear messages", async () => {
    const response = await org.users.owner.client.post(tokensUrl(org.organizationId), {
      name: " ",
      role: "owner",
      expiresInDays: 7,
    });
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toMatchObject({
      name: API_TOKEN_MESSAGES.nameRequired,
      role: API_TOKEN_MESSAGES.roleInvalid,
      expiresInDays: API_TOKEN_MESSAGES.expiryInvalid,
    });
  });
});

// What each token role may do follows the same table as a member of that role (the shared
// ACTIONS), over every organization route; what only people may do is refused to every token.

const orgRoutes = () =>
  t.app.registeredRoutes.filter((route) => route.url.startsWith(ORG_ROUTE_PREFIX) && route.method !== "HEAD");
const concreteUrl = (url: string) =>
  url.replace(":orgId", org.organizationId).replace(/:[a-zA-Z]+/g, "00000000-0000-4000-8000-000000000000");
const LIVE_EVENTS = "/api/orgs/:orgId/events";

/** Calls a route as the token would, with a body no route accepts: a token let through gets 400 or 404. */
async function callRoute(
  token: string,
  route: { method: string; url: string },
): Promise<{ status: number; body: { error?: { message: string } } | null }> {
  if (route.url === LIVE_EVENTS) {
    // A stream never ends by itself: read the status over HTTP, then hang up.
    const controller = new AbortController();
    const response = await fetch(`${baseUrlOf(t.app)}${concreteUrl(route.url)}`, {
      headers: { authorization: `Bearer ${token}`, accept: "text/event-stream" },
      signal: controller.signal,
    });
    const body = response.status === 200 ? null : ((await response.json()) as { error?: { message: string } });
    controller.abort();
    return { status: response.status, body };
  }
  return bearerClient(t.app, token).request({
    method: route.method as "POST",
    url: concreteUrl(route.url),
    payload: route.method === "GET" || route.method === "DELETE" ? undefined : { bogus: [1, 2, 3] },
  });
}

describe.each(API_TOKEN_ROLES)("a %s token", (role) => {
  let token: string;
  beforeAll(async () => {
    token = (await createApiToken(org.users.owner.client, org.organizationId, { role })).token;
  });

  it("is refused with the action's message on every route above its role, and let through on the rest", async () => {
    const answers: { route: string; outcome: string }[] = [];
    const expected: { route: string; outcome: string }[] = [];
    for (const route of orgRoutes()) {
      if (!isAction(route.action) || !tokensMay(route.action)) continue;
      const name = `${route.method} ${route.url} (${route.action})`;
      const response = await callRoute(token, route);
      answers.push({
        route: name,
        outcome: response.status === 403 ? `403: ${response.body?.error?.message}` : "let through",
      });
      expected.push({
        route: name,
        outcome: can(role, route.action) ? "let through" : `403: ${deniedMessage(route.action)}`,
      });
    }
    expect(answers.length).toBeGreaterThan(40);
    expect(answers).toEqual(expected);
    // Each role is refused something but the admin's: the table is exercised both ways.
    if (role !== "admin") expect(expected.some(({ outcome }) => outcome.startsWith("403"))).toBe(true);
  });

  it("is refused every action only people may do, whatever its role", async () => {
    const peopleOnly = orgRoutes().filter((route) => isAction(route.action) && !tokensMay(route.action));
    expect(peopleOnly.map((route) => route.action)).toEqual(
      expect.arrayContaining(["apiTokens.create", "apiTokens.revoke", "runners.manage", "members.transferOwnership"]),
    );
    for (const route of peopleOnly) {
      const response = await callRoute(token, route);
      expect({ route: `${route.method} ${route.url}`, status: response.status }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 403,
      });
      expect(response.body?.error?.message).toBe(API_TOKEN_MESSAGES.peopleOnly);
    }
  });

  it("gets 404 for another organization", async () => {
    const response = await bearerClient(t.app, token).get(tasksUrl(org.otherOrganizationId));
    expect(response.status).toBe(404);
  });
});

describe("a token request", () => {
  it("is attributed to the person who created the token, and marks the token used", async () => {
    const { id, token } = await createApiToken(org.users.admin.client, org.organizationId, { role: "editor" });
    const response = await bearerClient(t.app, token).post(
      tasksUrl(org.organizationId),
      taskBody({ name: "By token" }),
    );
    expect(response.status).toBe(201);
    const [task] = await t.app.db.select().from(tasks).where(eq(tasks.id, response.body.id));
    expect(task!.createdBy).toBe(org.users.admin.id);
    const [row] = await t.app.db.select().from(apiTokens).where(eq(apiTokens.id, id));
    await expect
      .poll(async () => (await t.app.db.select().from(apiTokens).where(eq(apiTokens.id, id)))[0]!.lastUsedAt)
      .not.toBeNull();
    expect(row).toBeDefined();
  });

  it("needs no Origin header and passes the cross-site check a browser cookie would not", async () => {
    const { token } = await createApiToken(org.users.owner.client, org.organizationId, { role: "editor" });
    const client = new TestClient(t.app, { authorization: `Bearer ${token}`, origin: "https://evil.example" });
    expect((await client.post(tasksUrl(org.organizationId), taskBody({ name: "Cross" }))).status).toBe(201);
  });

  it("is 401 once the token is revoked", async () => {
    const { id, token } = await createApiToken(org.users.owner.client, org.organizationId);
    const client = bearerClient(t.app, token);
    expect((await client.get(tasksUrl(org.organizationId))).status).toBe(200);
    expect((await org.users.admin.client.delete(tokensUrl(org.organizationId, `/${id}`))).status).toBe(204);
    const refused = await client.get(tasksUrl(org.organizationId));
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toBe(API_TOKEN_MESSAGES.invalidToken);
    const list = await org.users.owner.client.get(tokensUrl(org.organizationId, "?pageSize=100"));
    expect(list.body.items.map((token: { id: string }) => token.id)).not.toContain(id);
  });

  it("is 401 once the token has expired, and for a token that never existed", async () => {
    const { id, token } = await createApiToken(org.users.owner.client, org.organizationId);
    await t.app.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, id));
    expect((await bearerClient(t.app, token).get(tasksUrl(org.organizationId))).status).toBe(401);
    expect((await bearerClient(t.app, `fdt_${"x".repeat(43)}`).get(tasksUrl(org.organizationId))).status).toBe(401);
  });

  it("works only on organization routes and the who-am-I routes", async () => {
    const { token } = await createApiToken(org.users.owner.client, org.organizationId);
    const response = await bearerClient(t.app, token).put("/api/me/current-organization", {
      organizationId: org.organizationId,
    });
    expect(response.status).toBe(403);
    expect(response.body.error.message).toBe(API_TOKEN_MESSAGES.organizationRoutesOnly);
  });

  it("acts at most with its creator's current role, and ends when the creator leaves", async () => {
    const creator = await createUser(t.app, { email: uniqueEmail("creator") });
    await addMember(t.app, { organizationId: org.organizationId, userId: creator.id, role: "admin" });
    const { token } = await createApiToken(creator.client, org.organizationId, { role: "admin" });
    const client = bearerClient(t.app, token);
    const addCredits = () =>
      client.post(`/api/orgs/${org.organizationId}/credits/add`, { amount: 1, description: "x" });
    expect((await addCredits()).status).toBe(201);

    const demote = await org.users.owner.client.patch(`/api/orgs/${org.organizationId}/members/${creator.id}`, {
      role: "editor",
    });
    expect(demote.status).toBe(200);
    expect((await addCredits()).status).toBe(403);
    expect((await client.get(tasksUrl(org.organizationId))).status).toBe(200);

    await org.users.owner.client.delete(`/api/orgs/${org.organizationId}/members/${creator.id}`);
    expect((await client.get(tasksUrl(org.organizationId))).status).toBe(401);
  });

  it("stays ended when its creator is invited back: only tokens made in the new membership work", async () => {
    const creator = await createUser(t.app, { email: uniqueEmail("creator") });
    await addMember(t.app, { organizationId: org.organizationId, userId: creator.id, role: "admin" });
    const before = bearerClient(t.app, (await createApiToken(creator.client, org.organizationId)).token);
    await org.users.owner.client.delete(`/api/orgs/${org.organizationId}/members/${creator.id}`);

    const { code } = await insertInvitation(t.app, {
      organizationId: org.organizationId,
      email: creator.email,
      role: "admin",
    });
    expect((await creator.client.post(`/api/invitations/${code}/accept`)).status).toBe(200);
    expect((await before.get(tasksUrl(org.organizationId))).status).toBe(401);
    const after = bearerClient(t.app, (await createApiToken(creator.client, org.organizationId)).token);
    expect((await after.get(tasksUrl(org.organizationId))).status).toBe(200);
  });
});

describe("token rate limit", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ env: { API_TOKEN_RATE_LIMIT: "3" } });
  });
  afterAll(() => limited.close());

  it("answers 429 with Retry-After past the limit, per token", async () => {
    const limitedOrg = await createOrgWithRoles(limited.app);
    const first = await createApiToken(limitedOrg.users.owner.client, limitedOrg.organizationId);
    const second = await createApiToken(limitedOrg.users.owner.client, limitedOrg.organizationId);
    const client = bearerClient(limited.app, first.token);
    for (let i = 0; i < 3; i++) expect((await client.get(tasksUrl(limitedOrg.organizationId))).status).toBe(200);
    const refused = await client.get(tasksUrl(limitedOrg.organizationId));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await bearerClient(limited.app, second.token).get(tasksUrl(limitedOrg.organizationId))).status).toBe(200);
    // People are not counted against a token's budget.
    expect((await limitedOrg.users.owner.client.get(tasksUrl(limitedOrg.organizationId))).status).toBe(200);
  });
});
