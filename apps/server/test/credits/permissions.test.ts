import { MESSAGES } from "@flowdeck/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ALL_ROLES,
  addMember,
  createOrgWithRoles,
  createUser,
  type OrgWithRoles,
  type RoleName,
} from "../helpers/factories.ts";
import { TestClient } from "../helpers/http-client.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { balanceAndLedger } from "./ledger-helpers.ts";

let t: TestApp;
let org: OrgWithRoles;
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrgWithRoles(t.app);
  // Enough credits that every allowed consume in the matrix succeeds.
  await org.users.owner.client.post(`/api/orgs/${org.organizationId}/credits/add`, { amount: 1_000 });
});
afterAll(() => t.close());

type Caller = RoleName | "signed out";
type Route = {
  name: string;
  method: "GET" | "POST";
  path: string;
  body?: unknown;
  allowed: Caller[];
  okStatus: number;
};

const members: Caller[] = ["owner", "admin", "editor", "viewer"];
const ROUTES: Route[] = [
  { name: "consume", method: "POST", path: "credits/consume", body: { amount: 1 }, allowed: members, okStatus: 201 },
  { name: "add", method: "POST", path: "credits/add", body: { amount: 1 }, allowed: ["owner", "admin"], okStatus: 201 },
  { name: "transactions", method: "GET", path: "credits/transactions", allowed: members, okStatus: 200 },
  { name: "overview", method: "GET", path: "overview", allowed: members, okStatus: 200 },
];
const CALLERS: Caller[] = ["signed out", ...ALL_ROLES];

function clientOf(caller: Caller): TestClient {
  return caller === "signed out" ? new TestClient(t.app) : org.users[caller].client;
}

function expectedOf(route: Route, caller: Caller) {
  if (caller === "signed out") return { status: 401, message: MESSAGES.notSignedIn };
  // Another organization's member learns nothing, not even that the organization exists.
  if (caller === "outsider") return { status: 404, message: MESSAGES.organizationNotFound };
  if (route.allowed.includes(caller)) return { status: route.okStatus };
  return { status: 403, message: MESSAGES.cannotAddCredits };
}

describe.each(ROUTES)("$method /api/orgs/:orgId/$path", (route) => {
  it.each(CALLERS)("as %s", async (caller) => {
    const before = await balanceAndLedger(t.app, org.organizationId);
    const url = `/api/orgs/${org.organizationId}/${route.path}`;
    const response = await clientOf(caller).request<any>({
      method: route.method,
      url,
      payload: route.body as object | undefined,
      headers: route.method === "POST" ? { "idempotency-key": `matrix-${route.name}-${caller}` } : {},
    });
    const expected = expectedOf(route, caller);
    expect(response.status).toBe(expected.status);
    if (expected.message) expect(response.body.error.message).toBe(expected.message);

    const after = await balanceAndLedger(t.app, org.organizationId);
    expect(after.balance).toBe(after.ledgerSum);
    const changed = route.method === "POST" && expected.status === 201;
    expect(after.rows).toBe(before.rows + (changed ? 1 : 0));
  });
});

describe("members without a role, and the other organization", () => {
  it("treats a member given no role as a viewer: consume yes, add no", async () => {
    const member = await createUser(t.app);
    await addMember(t.app, { organizationId: org.organizationId, userId: member.id, role: null });
    const consumed = await member.client.post(`/api/orgs/${org.organizationId}/credits/consume`, { amount: 1 });
    expect(consumed.status).toBe(201);
    const added = await member.client.post(`/api/orgs/${org.organizationId}/credits/add`, { amount: 1 });
    expect(added.status).toBe(403);
    expect(added.body).toEqual({ error: { code: "permission-denied", message: MESSAGES.cannotAddCredits } });
  });

  it("lets the outsider work in their own organization only", async () => {
    const outsider = org.users.outsider.client;
    const own = await outsider.post(`/api/orgs/${org.otherOrganizationId}/credits/consume`, { amount: 2 });
    expect(own.status).toBe(201);
    const history = await outsider.get(`/api/orgs/${org.otherOrganizationId}/credits/transactions`);
    expect(history.body.items.map((item: any) => item.amount)).toEqual([-2, 100]);
    const overview = await outsider.get(`/api/orgs/${org.otherOrganizationId}/overview`);
    expect(overview.body.organization.name).toBe("Other Org");
  });

  it("refuses a viewer's add with 403 even with an Idempotency-Key, and stores nothing", async () => {
    const viewer = org.users.viewer.client;
    const key = "viewer-add-then-consume";
    const add = await viewer.request<any>({
      method: "POST",
      url: `/api/orgs/${org.organizationId}/credits/add`,
      payload: { amount: 5 },
      headers: { "idempotency-key": key },
    });
    expect(add.status).toBe(403);
    const consume = await viewer.request<any>({
      method: "POST",
      url: `/api/orgs/${org.organizationId}/credits/consume`,
      payload: { amount: 5 },
      headers: { "idempotency-key": key },
    });
    expect(consume.status).toBe(201);
  });
});
