import { MESSAGES, type Role } from "@flowdeck/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken, tokensUrl } from "../api-tokens/token-factory.ts";
import { addMember, createOrgWithRoles, createUser, uniqueEmail, type OrgWithRoles } from "../helpers/factories.ts";
import { bearerClient, TestClient } from "../helpers/http-client.ts";
import { CALLERS, clientOf } from "../helpers/permission-matrix.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

// "Who am I" for scripts (issue 26): an API token learns its organization's id, which every
// /api/orgs/{orgId}/… call needs, and its role; a person learns their current organization.

let t: TestApp;
let org: OrgWithRoles;
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrgWithRoles(t.app);
  // Members added by the factory have not chosen a current organization yet.
  for (const role of ["admin", "editor", "viewer"] as const) {
    const switched = await org.users[role].client.put("/api/me/current-organization", {
      organizationId: org.organizationId,
    });
    expect(switched.status).toBe(200);
  }
});
afterAll(() => t.close());

const mine = (role: Role, signedInWith = "session") => ({
  organization: { id: org.organizationId, name: "Acme Operations" },
  role,
  signedInWith,
});

describe("GET /api/orgs/current", () => {
  it.each(CALLERS)("answers %s with their own current organization and role", async (caller) => {
    const response = await clientOf(t.app, org, caller).get("/api/orgs/current");
    if (caller === "signed out") {
      expect(response.status).toBe(401);
      return;
    }
    expect(response.status).toBe(200);
    // The outsider learns of their own organization only, never of this one.
    expect(response.body).toEqual(
      caller === "outsider"
        ? { organization: { id: org.otherOrganizationId, name: "Other Org" }, role: "owner", signedInWith: "session" }
        : mine(caller),
    );
  });

  it.each(["viewer", "editor", "admin"] as const)("answers an API token of role %s", async (role) => {
    const { token } = await createApiToken(org.users.owner.client, org.organizationId, { role });
    const response = await bearerClient(t.app, token).get("/api/orgs/current");
    expect(response.status).toBe(200);
    expect(response.body).toEqual(mine(role, "api-token"));
  });

  it("answers another organization's token with that organization, and nothing of this one", async () => {
    const { token } = await createApiToken(org.users.outsider.client, org.otherOrganizationId, { role: "editor" });
    const client = bearerClient(t.app, token);
    const response = await client.get("/api/orgs/current");
    expect(response.body).toEqual({
      organization: { id: org.otherOrganizationId, name: "Other Org" },
      role: "editor",
      signedInWith: "api-token",
    });
    expect((await client.get(tokensUrl(org.organizationId))).status).toBe(404);
  });

  it("says the role a token acts with: capped by its creator's role today", async () => {
    const creator = await createUser(t.app, { email: uniqueEmail("creator") });
    await addMember(t.app, { organizationId: org.organizationId, userId: creator.id, role: "admin" });
    const { token } = await createApiToken(creator.client, org.organizationId, { role: "admin" });
    const demoted = await org.users.owner.client.patch(`/api/orgs/${org.organizationId}/members/${creator.id}`, {
      role: "editor",
    });
    expect(demoted.status).toBe(200);
    expect((await bearerClient(t.app, token).get("/api/orgs/current")).body).toEqual(mine("editor", "api-token"));
  });

  it("answers 401 to a revoked or unknown token", async () => {
    const { id, token } = await createApiToken(org.users.owner.client, org.organizationId);
    expect((await org.users.owner.client.delete(tokensUrl(org.organizationId, `/${id}`))).status).toBe(204);
    expect((await bearerClient(t.app, token).get("/api/orgs/current")).status).toBe(401);
    expect((await bearerClient(t.app, `fdt_${"x".repeat(43)}`).get("/api/orgs/current")).status).toBe(401);
  });

  it("answers 404 to a person with no current organization", async () => {
    const loner = await createUser(t.app, { email: uniqueEmail("loner") });
    const response = await loner.client.get("/api/orgs/current");
    expect(response.status).toBe(404);
    expect(response.body.error.message).toBe(MESSAGES.noOrganizationSelected);
  });

  it("is in the OpenAPI document, for a token or the session cookie", async () => {
    const document = (await new TestClient(t.app).get("/api/openapi.json")).body;
    const operation = document.paths["/api/orgs/current"].get;
    expect(operation.operationId).toBe("getCurrentOrganization");
    expect(operation.summary).toBe("Get the caller's organization and role (who am I)");
    expect(operation.security).toEqual([{ bearerAuth: [] }, { cookieAuth: [] }]);
    expect(operation.responses["200"].content["application/json"].schema.properties).toHaveProperty("organization");
    expect(document.paths["/api/me"].get.security).toEqual([{ bearerAuth: [] }, { cookieAuth: [] }]);
  });
});

describe("GET /api/me", () => {
  it("answers an API token with its organization and role, as /api/orgs/current does", async () => {
    const { token } = await createApiToken(org.users.owner.client, org.organizationId, { role: "editor" });
    const response = await bearerClient(t.app, token).get("/api/me");
    expect(response.status).toBe(200);
    expect(response.body).toEqual(mine("editor", "api-token"));
  });

  it("still answers a person with the user and their organizations", async () => {
    const response = await org.users.editor.client.get("/api/me");
    expect(response.body.user.currentOrgId).toBe(org.organizationId);
    expect(response.body.organizations).toEqual([expect.objectContaining({ id: org.organizationId, role: "editor" })]);
  });
});
