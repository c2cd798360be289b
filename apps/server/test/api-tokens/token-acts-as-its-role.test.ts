import { ACTIONS, INVITABLE_ROLES, isAction, tokensMay, type Action, type InvitableRole } from "@flowdeck/shared";
import { API_TOKEN_MESSAGES } from "@flowdeck/shared/api-tokens/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORG_ROUTE_PREFIX } from "../../src/lib/scope.ts";
import { addMember, createUser, registerOwner } from "../helpers/factories.ts";
import { orgChanges, org, type OrgChange as AuditedChange, type Owner } from "../helpers/every-org-change.ts";
import { bearerClient, type TestClient } from "../helpers/http-client.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createTask } from "../tasks/task-factory.ts";
import { createWorkflow } from "../workflows/workflow-factory.ts";
import { createApiToken } from "./token-factory.ts";

// A token's power is min(its role, its creator's role) in every rule (decision 054): a token of
// each role made by an owner may do exactly what a person of that role may, route by route,
// including the member rules the service judges itself.

type OrgChange = Omit<AuditedChange, "action">;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const aMemberOf = (role: InvitableRole) => async (owner: Owner) => {
  const user = await createUser(t.app);
  await addMember(t.app, { organizationId: owner.organizationId, userId: user.id, role });
  return { userId: user.id };
};

/** Reads, one or more for each action that only reads. */
const READS: Record<string, OrgChange> = {
  "GET /api/orgs/:orgId/overview": { change: (o) => o.client.get(org(o, "/overview")) },
  "GET /api/orgs/:orgId/members": { change: (o) => o.client.get(org(o, "/members")) },
  "GET /api/orgs/:orgId/invitations": { change: (o) => o.client.get(org(o, "/invitations")) },
  "GET /api/orgs/:orgId/credits/transactions": { change: (o) => o.client.get(org(o, "/credits/transactions")) },
  "GET /api/orgs/:orgId/tasks": { change: (o) => o.client.get(org(o, "/tasks")) },
  "GET /api/orgs/:orgId/workflows": { change: (o) => o.client.get(org(o, "/workflows")) },
  "GET /api/orgs/:orgId/runners": { change: (o) => o.client.get(org(o, "/runners")) },
  "GET /api/orgs/:orgId/documents": { change: (o) => o.client.get(org(o, "/documents")) },
  "GET /api/orgs/:orgId/settings": { change: (o) => o.client.get(org(o, "/settings")) },
  "GET /api/orgs/:orgId/api-tokens": { change: (o) => o.client.get(org(o, "/api-tokens")) },
  "GET /api/orgs/:orgId/audit": { change: (o) => o.client.get(org(o, "/audit")) },
  "GET /api/orgs/:orgId/secrets": { change: (o) => o.client.get(org(o, "/secrets")) },
  "GET /api/orgs/:orgId/export": { change: (o) => o.client.get(org(o, "/export")) },
  "GET /api/orgs/:orgId/approvals": { change: (o) => o.client.get(org(o, "/approvals")) },
  "GET /api/orgs/:orgId/runs": { change: (o) => o.client.get(org(o, "/runs")) },
  "GET /api/orgs/:orgId/workflows/:workflowId/hooks": {
    setup: async (o) => {
      const task = await createTask(o.client, o.organizationId);
      return { workflowId: (await createWorkflow(o.client, o.organizationId, [task.id])).id };
    },
    change: (o, ids) => o.client.get(org(o, `/workflows/${ids.workflowId}/hooks`)),
  },
};

/** The member rules past the role guard: what an admin may not do to owners and admins. */
const MEMBER_RULES: Record<string, OrgChange> = {
  "PATCH /api/orgs/:orgId/members/:userId (a viewer made owner)": {
    setup: aMemberOf("viewer"),
    change: (o, ids) => o.client.patch(org(o, `/members/${ids.userId}`), { role: "owner" }),
  },
  "PATCH /api/orgs/:orgId/members/:userId (an admin made viewer)": {
    setup: aMemberOf("admin"),
    change: (o, ids) => o.client.patch(org(o, `/members/${ids.userId}`), { role: "viewer" }),
  },
  "PATCH /api/orgs/:orgId/members/:userId (a viewer made admin)": {
    setup: aMemberOf("viewer"),
    change: (o, ids) => o.client.patch(org(o, `/members/${ids.userId}`), { role: "admin" }),
  },
  "DELETE /api/orgs/:orgId/members/:userId (an admin)": {
    setup: aMemberOf("admin"),
    change: (o, ids) => o.client.delete(org(o, `/members/${ids.userId}`)),
  },
  "DELETE /api/orgs/:orgId/members/:userId (the owner)": {
    change: (o) => o.client.delete(org(o, `/members/${o.id}`)),
  },
};

const CASES: Record<string, OrgChange> = { ...orgChanges(() => t.app), ...READS, ...MEMBER_RULES };

function actionOf(key: string): Action {
  const route = key.replace(/ \(.*\)$/, "");
  const action = t.app.registeredRoutes.find((candidate) => `${candidate.method} ${candidate.url}` === route)?.action;
  if (!isAction(action)) throw new Error(`${route} declares no action`);
  return action;
}

/** An organization of its own, so what one caller did (an invitation sent) does not change another's answer. */
async function callAs(
  spec: OrgChange,
  role: InvitableRole,
  caller: "person" | "token",
): Promise<{ status: number; body: unknown }> {
  const owner = (await registerOwner(t.app)) as Owner;
  const ids = spec.setup ? await spec.setup(owner) : {};
  let client: TestClient;
  if (caller === "person") {
    const person = await createUser(t.app);
    await addMember(t.app, { organizationId: owner.organizationId, userId: person.id, role });
    client = person.client;
  } else {
    client = bearerClient(t.app, (await createApiToken(owner.client, owner.organizationId, { role })).token);
  }
  const response = await spec.change({ ...owner, client }, ids);
  return { status: response.status, body: response.body };
}

describe("a token of each role made by an owner", () => {
  it("has a case for every action", () => {
    const covered = new Set<string>(Object.keys(CASES).map(actionOf));
    expect(Object.keys(ACTIONS).filter((action) => !covered.has(action))).toEqual([]);
  });

  it("has a case for every organization route that changes something", () => {
    const mutating = t.app.registeredRoutes
      .filter((route) => route.url.startsWith(ORG_ROUTE_PREFIX) && !["GET", "HEAD"].includes(route.method))
      .map((route) => `${route.method} ${route.url}`);
    expect(mutating.filter((key) => !CASES[key])).toEqual([]);
  });

  describe.each(INVITABLE_ROLES)("a %s token", (role) => {
    it.each(Object.keys(CASES))("%s: answers as a person of its role, or is for people only", async (key) => {
      const spec = CASES[key]!;
      const token = await callAs(spec, role, "token");
      if (!tokensMay(actionOf(key))) {
        expect(token.status).toBe(403);
        expect(token.body).toMatchObject({ error: { message: API_TOKEN_MESSAGES.peopleOnly } });
        return;
      }
      const person = await callAs(spec, role, "person");
      expect({ key, role, status: token.status }).toEqual({ key, role, status: person.status });
    });
  });
});
