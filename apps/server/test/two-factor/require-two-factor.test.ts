import { TWO_FACTOR_REQUIREMENT_MESSAGES } from "@flowdeck/shared/settings/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "../api-tokens/token-factory.ts";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { TestClient } from "../helpers/http-client.ts";
import { CALLERS, clientOf, expectedStatus } from "../helpers/permission-matrix.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { enableTwoFactor } from "../helpers/two-factor.ts";

let t: TestApp;
let org: OrgWithRoles;
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrgWithRoles(t.app);
  // Only an owner with two-factor on may require it; the others start without it.
  await enableTwoFactor(org.users.owner);
});
afterAll(() => t.close());

const url = (orgId = org.organizationId) => `/api/orgs/${orgId}/two-factor-requirement`;
const tasksUrl = () => `/api/orgs/${org.organizationId}/tasks`;
const setRequired = (required: boolean) => org.users.owner.client.put(url(), { required });

describe("requiring two-factor sign-in of every member", () => {
  it("is changed by owners only; an outsider does not see the organization", async () => {
    for (const caller of CALLERS) {
      const response = await clientOf(t.app, org, caller).put(url(), { required: false });
      expect({ caller, status: response.status }).toEqual({
        caller,
        status: expectedStatus(caller, { minimum: "owner", success: 200 }),
      });
      if (response.status === 403) {
        expect(response.body.error.message).toBe(TWO_FACTOR_REQUIREMENT_MESSAGES.cannotConfigure);
      }
    }
    for (const caller of CALLERS) {
      const response = await clientOf(t.app, org, caller).get(url());
      expect({ caller, status: response.status }).toEqual({
        caller,
        status: expectedStatus(caller, { minimum: "viewer", success: 200 }),
      });
    }
  });

  it("cannot be turned on by an owner who has not turned it on for themselves", async () => {
    const other = await createOrgWithRoles(t.app);
    const response = await other.users.owner.client.put(url(other.organizationId), { required: true });
    expect(response.status).toBe(412);
    expect(response.body.error.message).toBe(TWO_FACTOR_REQUIREMENT_MESSAGES.ownerFirst);
    expect((await other.users.owner.client.get(url(other.organizationId))).body).toEqual({ required: false });
  });

  it("shuts members without it out of every route until they turn it on, and says so in /api/me", async () => {
    expect((await setRequired(true)).body).toEqual({ required: true });
    const viewer = org.users.viewer;
    const refused = await viewer.client.get(tasksUrl());
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(TWO_FACTOR_REQUIREMENT_MESSAGES.required);
    // Even before the body is read, and on the organization's own page.
    expect((await viewer.client.post(`/api/orgs/${org.organizationId}/credits/consume`, { bogus: 1 })).status).toBe(
      403,
    );
    expect((await viewer.client.get(url())).status).toBe(403);

    // What they need to set it up still works: who they are, their profile, the two-factor set-up.
    const me = await viewer.client.get("/api/me");
    expect(me.status).toBe(200);
    expect(me.body.user.twoFactorEnabled).toBe(false);
    expect(me.body.organizations).toEqual([
      expect.objectContaining({ id: org.organizationId, requireTwoFactor: true }),
    ]);
    expect((await viewer.client.get("/api/profile")).status).toBe(200);

    await enableTwoFactor(viewer);
    expect((await viewer.client.get(tasksUrl())).status).toBe(200);
    expect((await viewer.client.get("/api/me")).body.user.twoFactorEnabled).toBe(true);
    // The owner, with it on, was never shut out.
    expect((await org.users.owner.client.get(tasksUrl())).status).toBe(200);
  });

  it("lets members back in when the owner stops requiring it", async () => {
    await setRequired(true);
    expect((await org.users.editor.client.get(tasksUrl())).status).toBe(403);
    await setRequired(false);
    expect((await org.users.editor.client.get(tasksUrl())).status).toBe(200);
    expect((await org.users.editor.client.get("/api/me")).body.organizations[0].requireTwoFactor).toBe(false);
  });

  it("does not stop the organization's API tokens, which act for the organization, not a person", async () => {
    await setRequired(false);
    const { token } = await createApiToken(org.users.admin.client, org.organizationId, { role: "viewer" });
    await setRequired(true);
    const bearer = new TestClient(t.app, { authorization: `Bearer ${token}` });
    expect((await bearer.get(tasksUrl())).status).toBe(200);
    await setRequired(false);
  });
});
