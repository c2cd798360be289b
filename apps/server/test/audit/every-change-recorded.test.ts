import { can, isAction, tokensMay } from "@flowdeck/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORG_ROUTE_PREFIX } from "../../src/lib/scope.ts";
import { registerOwner } from "../helpers/factories.ts";
import { bearerClient } from "../helpers/http-client.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createApiToken } from "../api-tokens/token-factory.ts";
import { orgChanges, org, type Owner } from "../helpers/every-org-change.ts";
import { testResolveTxt } from "../sso/sso-support.ts";
import { auditRows, rowsSince } from "./audit-support.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ resolveTxt: testResolveTxt });
});
afterAll(() => t.close());

const CASES = orgChanges(() => t.app);

/** Whether an admin token may make the change: not above its role, and not for people only. */
function tokenMay(route: string): boolean {
  const action = t.app.registeredRoutes.find((candidate) => `${candidate.method} ${candidate.url}` === route)?.action;
  if (!isAction(action)) throw new Error(`${route} declares no action`);
  return tokensMay(action) && can("admin", action);
}

describe("every change to an organization", () => {
  it("has a case here for each route that changes something, most of them open to an admin token", () => {
    const mutating = t.app.registeredRoutes
      .filter((route) => route.url.startsWith(ORG_ROUTE_PREFIX) && !["GET", "HEAD"].includes(route.method))
      .map((route) => `${route.method} ${route.url}`);
    expect(mutating.length).toBeGreaterThan(20);
    expect(mutating.filter((key) => !CASES[key])).toEqual([]);
    expect(Object.keys(CASES).filter(tokenMay).length).toBeGreaterThan(30);
  });

  it.each(Object.entries(CASES))(
    "%s writes exactly one audit row, naming the member who acted",
    async (_route, spec) => {
      const owner = (await registerOwner(t.app)) as Owner;
      const ids = spec.setup ? await spec.setup(owner) : {};
      const baseline = await auditRows(t.app, owner.organizationId);
      const response = await spec.change(owner, ids);
      expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
      const rows = await rowsSince(t.app, owner.organizationId, baseline);
      expect(rows).toHaveLength(spec.rows ?? 1);
      const row = rows.find((candidate) => candidate.action === spec.action);
      expect(row).toMatchObject({
        action: spec.action,
        actorKind: "user",
        actorId: owner.id,
        actorLabel: owner.email,
        organizationId: owner.organizationId,
      });
      expect(row!.summary).not.toBe("");
      expect(row!.ip).toBeTruthy();
    },
  );
});

describe("every change an API token makes", () => {
  it.each(Object.entries(CASES))(
    "%s, made with an admin token, is the token's doing on behalf of its creator, or refused",
    async (route, spec) => {
      const owner = (await registerOwner(t.app)) as Owner;
      const ids = spec.setup ? await spec.setup(owner) : {};
      const token = await createApiToken(owner.client, owner.organizationId, { name: "Deploy bot", role: "admin" });
      const baseline = await auditRows(t.app, owner.organizationId);
      const response = await spec.change({ ...owner, client: bearerClient(t.app, token.token) }, ids);
      const rows = await rowsSince(t.app, owner.organizationId, baseline);
      if (!tokenMay(route)) {
        // Owner-only and people-only changes (tokens, runners, ownership): refused, nothing recorded.
        expect(response.status).toBe(403);
        expect(rows).toEqual([]);
        return;
      }
      expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
      expect(rows).toHaveLength(spec.rows ?? 1);
      const row = rows.find((candidate) => candidate.action === spec.action);
      expect(row).toMatchObject({
        action: spec.action,
        actorKind: "token",
        actorId: token.id,
        actorLabel: "Deploy bot",
        onBehalfOfUserId: owner.id,
        organizationId: owner.organizationId,
      });
    },
  );

  it("shows the token and the person who created it on the audit page", async () => {
    const owner = (await registerOwner(t.app)) as Owner;
    const token = await createApiToken(owner.client, owner.organizationId, { name: "Deploy bot", role: "editor" });
    const created = await bearerClient(t.app, token.token).post(org(owner, "/tasks"), {
      name: "Back up",
      category: "backup",
      commands: { linux: "backup" },
    });
    expect(created.status).toBe(201);
    const page = await owner.client.get(org(owner, "/audit?actorKind=token"));
    expect(page.status).toBe(200);
    expect(page.body.items).toHaveLength(1);
    expect(page.body.items[0]).toMatchObject({
      action: "task.created",
      actor: { kind: "token", id: token.id, label: "Deploy bot", onBehalfOf: { id: owner.id, name: owner.email } },
    });
  });
});
