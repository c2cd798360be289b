import { eq, inArray } from "drizzle-orm";
import { configWarnings } from "../../src/config.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditTransactions, documents, tasks, workflows } from "../../src/db/schema/index.ts";
import { addMember, createOrgWithRoles, createUser } from "../helpers/factories.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { balanceAndLedger, changeCredits } from "./ledger-helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;

describe("GET /api/orgs/:orgId/overview", () => {
  it("gives a new organization's figures", async () => {
    const org = await createOrgWithRoles(t.app);
    const response = await org.users.viewer.client.get(`/api/orgs/${org.organizationId}/overview`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      organization: { id: org.organizationId, name: "Acme Operations" },
      credits: { balance: 100, consumedLast7Days: 0, consumedLast30Days: 0, addedLast30Days: 100 },
      members: { total: 4, byRole: { owner: 1, admin: 1, editor: 1, viewer: 1, member: 0 } },
      tasks: { total: 0, active: 0, inactive: 0 },
      workflows: { total: 0, byStatus: { draft: 0, active: 0, "in-progress": 0, completed: 0 } },
      documents: { total: 0, recent: 0 },
    });
  });

  it("counts members by role, tasks, workflows by status, documents and the credits of the last 7 and 30 days", async () => {
    const org = await createOrgWithRoles(t.app);
    const id = org.organizationId;
    const owner = org.users.owner;
    const unassigned = await createUser(t.app);
    await addMember(t.app, { organizationId: id, userId: unassigned.id, role: null });

    const { db } = t.app;
    await db.insert(tasks).values([
      { organizationId: id, name: "Backup", status: "active" },
      { organizationId: id, name: "Deploy", status: "active" },
      { organizationId: id, name: "Old", status: "inactive" },
      // Another organization's rows never count.
      { organizationId: org.otherOrganizationId, name: "Theirs" },
    ]);
    await db.insert(workflows).values([
      { organizationId: id, name: "A", status: "draft" },
      { organizationId: id, name: "B", status: "active" },
      { organizationId: id, name: "C", status: "active" },
      { organizationId: id, name: "D", status: "in-progress" },
      { organizationId: id, name: "E", status: "completed" },
      { organizationId: org.otherOrganizationId, name: "Theirs", status: "draft" },
    ]);
    const file = { fileName: "a.txt", fileSize: 10, fileType: "text/plain" };
    await db.insert(documents).values([
      { organizationId: id, title: "New", ...file },
      { organizationId: id, title: "Old", ...file, createdAt: new Date(Date.now() - 10 * DAY) },
      { organizationId: org.otherOrganizationId, title: "Theirs", ...file },
    ]);

    // Consumptions now, 10 days ago and 40 days ago (the ledger's rows moved back in time).
    const now = await changeCredits(owner.client, id, "consume", { amount: 5 });
    const tenDays = await changeCredits(owner.client, id, "consume", { amount: 7 });
    const fortyDays = await changeCredits(owner.client, id, "consume", { amount: 11 });
    await changeCredits(owner.client, id, "add", { amount: 20 });
    await db
      .update(creditTransactions)
      .set({ createdAt: new Date(Date.now() - 10 * DAY) })
      .where(eq(creditTransactions.id, tenDays.body.transaction.id));
    await db
      .update(creditTransactions)
      .set({ createdAt: new Date(Date.now() - 40 * DAY) })
      .where(inArray(creditTransactions.id, [fortyDays.body.transaction.id]));
    expect(now.status).toBe(201);
    await changeCredits(org.users.outsider.client, org.otherOrganizationId, "consume", { amount: 50 });

    const response = await org.users.editor.client.get(`/api/orgs/${id}/overview`);
    expect(response.body).toEqual({
      organization: { id, name: "Acme Operations" },
      credits: { balance: 97, consumedLast7Days: 5, consumedLast30Days: 12, addedLast30Days: 120 },
      members: { total: 5, byRole: { owner: 1, admin: 1, editor: 1, viewer: 1, member: 1 } },
      tasks: { total: 3, active: 2, inactive: 1 },
      workflows: { total: 5, byStatus: { draft: 1, active: 2, "in-progress": 1, completed: 1 } },
      documents: { total: 2, recent: 1 },
    });
    expect((await balanceAndLedger(t.app, id)).ledgerSum).toBe(97);
  });
});

describe("the APP_URL warning (mailed links would point at localhost)", () => {
  it("is on the owner's overview only, when APP_URL is unset and the server listens beyond localhost", async () => {
    const unset = await createTestApp({
      env: { APP_URL: undefined, HOST: "0.0.0.0" } as unknown as Record<string, string>,
    });
    try {
      const org = await createOrgWithRoles(unset.app);
      const owner = await org.users.owner.client.get(`/api/orgs/${org.organizationId}/overview`);
      expect(owner.status).toBe(200);
      expect(owner.body.warnings).toEqual([expect.stringContaining("APP_URL is not set")]);
      for (const role of ["admin", "editor", "viewer"] as const) {
        const other = await org.users[role].client.get(`/api/orgs/${org.organizationId}/overview`);
        expect(other.body.warnings).toBeUndefined();
      }
    } finally {
      await unset.close();
    }
  });

  it("is not given when APP_URL is set, or when the server listens on localhost only", () => {
    const base = { appUrl: "http://localhost:3000" };
    expect(configWarnings({ ...base, appUrlSet: false, host: "0.0.0.0" })).toHaveLength(1);
    expect(configWarnings({ ...base, appUrlSet: false, host: "192.168.1.5" })).toHaveLength(1);
    expect(configWarnings({ ...base, appUrlSet: true, host: "0.0.0.0" })).toEqual([]);
    expect(configWarnings({ ...base, appUrlSet: false, host: "127.0.0.1" })).toEqual([]);
    expect(configWarnings({ ...base, appUrlSet: false, host: "localhost" })).toEqual([]);
  });
});
