import { MESSAGES } from "@flowdeck/shared";
import { INVITATION_MESSAGES } from "@flowdeck/shared/invitations/messages";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../../src/db/schema/index.ts";
import { createOrgWithRoles, uniqueEmail } from "../helpers/factories.ts";
import { TestClient } from "../helpers/http-client.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { joinRegistrationBody } from "../helpers/test-data.ts";
import { insertInvitation, openInvitationRows } from "../members/support.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function join(email: string, invitationCode: string) {
  return new TestClient(t.app).post("/api/account/register", joinRegistrationBody({ email, invitationCode }));
}

async function accountExists(email: string) {
  return (await t.app.db.select().from(user).where(eq(user.email, email.toLowerCase()))).length > 0;
}

describe("registration with an invitation code (spec 4 'Registration')", () => {
  it("creates the account, accepts the invitation and lands in the inviting organization", async () => {
    const org = await createOrgWithRoles(t.app);
    const email = uniqueEmail("joiner");
    const { code } = await insertInvitation(t.app, { organizationId: org.organizationId, email, role: "editor" });
    const client = new TestClient(t.app);
    const response = await client.post(
      "/api/account/register",
      joinRegistrationBody({ email: email.toUpperCase(), invitationCode: code }),
    );
    expect(response.status).toBe(201);
    // What was joined, for the register page's welcome on the dashboard.
    expect(response.body).toEqual({
      userId: expect.any(String),
      organizationId: org.organizationId,
      invitation: { organizationId: org.organizationId, organizationName: "Acme Operations", role: "editor" },
    });
    const me = await client.get("/api/me");
    expect(me.body.user.currentOrgId).toBe(org.organizationId);
    expect(me.body.organizations).toEqual([expect.objectContaining({ id: org.organizationId, role: "editor" })]);
    expect(await openInvitationRows(t.app, org.organizationId)).toHaveLength(0);
  });

  it.each([
    ["unknown", MESSAGES.invalidInvitationCode],
    ["expired", MESSAGES.invitationExpired],
    ["used", INVITATION_MESSAGES.accepted],
  ])("checks the code before making any account: %s", async (kind, message) => {
    const org = await createOrgWithRoles(t.app);
    const email = uniqueEmail();
    const code =
      kind === "unknown"
        ? "no-such-code"
        : (
            await insertInvitation(t.app, {
              organizationId: org.organizationId,
              email,
              status: kind === "used" ? "accepted" : "pending",
              expiresAt: kind === "expired" ? new Date(Date.now() - 1) : undefined,
            })
          ).code;
    const response = await join(email, code);
    expect(response.status).toBe(400);
    expect(response.body.error.fields.invitationCode).toBe(message);
    expect(await accountExists(email)).toBe(false);
  });

  it("refuses an address other than the invited one", async () => {
    const org = await createOrgWithRoles(t.app);
    const invited = uniqueEmail("invited");
    const { code } = await insertInvitation(t.app, { organizationId: org.organizationId, email: invited });
    const other = uniqueEmail("other");
    const response = await join(other, code);
    expect(response.status).toBe(400);
    expect(response.body.error.fields.email).toBe(INVITATION_MESSAGES.wrongRegistrationEmail(invited));
    expect(await accountExists(other)).toBe(false);
    expect(await openInvitationRows(t.app, org.organizationId)).toHaveLength(1);
  });

  it("refuses an address that already has an account, and keeps the invitation", async () => {
    const org = await createOrgWithRoles(t.app);
    const { code } = await insertInvitation(t.app, {
      organizationId: org.organizationId,
      email: org.users.outsider.email,
    });
    const response = await join(org.users.outsider.email, code);
    expect(response.status).toBe(400);
    expect(response.body.error.fields.email).toBe(MESSAGES.emailTaken);
    expect(await openInvitationRows(t.app, org.organizationId)).toHaveLength(1);
  });

  it("makes one account and one membership when two registrations race with one code", async () => {
    const org = await createOrgWithRoles(t.app);
    const email = uniqueEmail();
    const { code } = await insertInvitation(t.app, { organizationId: org.organizationId, email });
    const results = await Promise.all([join(email, code), join(email, code)]);
    expect(results.filter((result) => result.status === 201)).toHaveLength(1);
    const members = await org.users.owner.client.get(`/api/orgs/${org.organizationId}/members`);
    expect(members.body.items.filter((item: { email: string }) => item.email === email)).toHaveLength(1);
  });
});
