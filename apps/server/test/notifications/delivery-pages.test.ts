import { KEYSET_MESSAGES } from "@flowdeck/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createRule, deliveriesUrl, rulesUrl } from "./support.ts";

/** The delivery log reads one cursor, as every list that grows does (db/keyset.ts, decision 059). */
let t: TestApp;
let org: OrgWithRoles;
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrgWithRoles(t.app);
});
afterAll(() => t.close());

describe("the delivery log's pages", () => {
  it("walks the deliveries newest first with nextCursor, each once, and refuses a cursor it cannot read", async () => {
    const admin = org.users.admin.client;
    for (const name of ["First", "Second", "Third"]) {
      const rule = await createRule(org.users.owner.client, org.organizationId, { name, emailRoles: ["owner"] });
      expect((await admin.post(rulesUrl(org.organizationId, `/${rule.id}/test`))).status).toBe(202);
    }
    const first = await admin.get(`${deliveriesUrl(org.organizationId)}?pageSize=2`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 3, totalCapped: false, pageSize: 2, nextCursor: expect.any(String) });
    expect(first.body.items.map((item: { ruleName: string }) => item.ruleName)).toEqual(["Third", "Second"]);
    const second = await admin.get(
      `${deliveriesUrl(org.organizationId)}?pageSize=2&cursor=${encodeURIComponent(first.body.nextCursor)}`,
    );
    expect(second.body.items.map((item: { ruleName: string }) => item.ruleName)).toEqual(["First"]);
    expect(second.body.nextCursor).toBeNull();
    const bad = await admin.get(`${deliveriesUrl(org.organizationId)}?cursor=not-a-cursor`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(KEYSET_MESSAGES.invalidCursor);
  });
});
