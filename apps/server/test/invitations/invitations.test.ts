import { MESSAGES } from "@flowdeck/shared";
import { INVITATION_MESSAGES } from "@flowdeck/shared/invitations/messages";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invitations } from "../../src/db/schema/index.ts";
import { createOrgWithRoles, createUser, registerOwner, uniqueEmail, type OrgWithRoles } from "../helpers/factories.ts";
import { TestClient } from "../helpers/http-client.ts";
import { startSmtpInbox, type ReceivedMail, type SmtpInbox } from "../helpers/smtp-inbox.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { joinRegistrationBody } from "../helpers/test-data.ts";
import { currentOrgOf, insertInvitation, openInvitationRows, membershipsOf, recordEvents } from "../members/support.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
let inbox: SmtpInbox;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  // The invitation mail goes through a real SMTP server; its STARTTLS certificate is self-signed.
  t = await createTestApp({ env: { SMTP_URL: `${inbox.url}?ignoreTLS=true` } });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

const invitationsUrl = (orgId: string, suffix = "") => `/api/orgs/${orgId}/invitations${suffix}`;

async function invite(org: OrgWithRoles, body: Record<string, unknown>, as: "owner" | "admin" = "owner") {
  return org.users[as].client.post(invitationsUrl(org.organizationId), body);
}

/** The newest invitation mail to `email` that arrived after `since` messages. */
function mailTo(email: string, since = 0): Promise<ReceivedMail> {
  return inbox.waitFor(
    (mail) => inbox.messages.indexOf(mail) >= since && mail.recipients.includes(email.toLowerCase()),
  );
}

function linkIn(mail: ReceivedMail): URL {
  const link = /https?:\/\/\S+\/invite\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no invitation link in:\n${mail.text}`);
  return new URL(link);
}

function codeOf(link: URL): string {
  return decodeURIComponent(link.pathname.replace(/^\/invite\//, ""));
}

describe("sending an invitation", () => {
  it("mails organization, inviter, role, message and a link that a new member follows to join", async () => {
    const org = await createOrgWithRoles(t.app);
    await org.users.owner.client.put("/api/me/current-organization", { organizationId: org.organizationId });
    const email = uniqueEmail("invitee");
    const since = inbox.messages.length;
    const recorder = recordEvents(t.app, org.organizationId);

    const sent = await invite(org, { email, role: "editor", customMessage: "Welcome aboard, see you Monday!" });
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({
      id: expect.any(String),
      email,
      role: "editor",
      invitedByName: org.users.owner.email,
      status: "pending",
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      mailed: true,
    });
    await recorder.waitFor({ entity: "invitation", id: sent.body.id, action: "created" });

    const mail = await mailTo(email, since);
    expect(mail.subject).toContain("Acme Operations");
    expect(mail.text).toContain(org.users.owner.email);
    expect(mail.text).toContain("Acme Operations");
    expect(mail.text).toContain("editor");
    expect(mail.text).toContain("Welcome aboard, see you Monday!");

    // The link: APP_URL/invite/{code}, with an unguessable code that is not the row id.
    const link = linkIn(mail);
    expect(link.origin).toBe(t.config.appUrl);
    const code = codeOf(link);
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url: 256 bits
    expect(code).not.toBe(sent.body.id);

    // Follow the link: the public preview, then registration with the code.
    const preview = await new TestClient(t.app).get(`/api/invitations/${code}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      organizationName: "Acme Operations",
      role: "editor",
      invitedByName: org.users.owner.email,
      email,
    });
    const newcomer = new TestClient(t.app);
    const registered = await newcomer.post(
      "/api/account/register",
      joinRegistrationBody({ email, invitationCode: code }),
    );
    expect(registered.status).toBe(201);
    expect(registered.body.organizationId).toBe(org.organizationId);
    await recorder.waitFor({ entity: "member", id: registered.body.userId, action: "created" });
    await recorder.waitFor({ entity: "invitation", id: sent.body.id, action: "deleted" });
    recorder.stop();

    const me = await newcomer.get("/api/me");
    expect(me.body.user.currentOrgId).toBe(org.organizationId);
    expect(me.body.organizations).toEqual([expect.objectContaining({ id: org.organizationId, role: "editor" })]);
    const members = await org.users.owner.client.get(`/api/orgs/${org.organizationId}/members`);
    expect(members.body.items).toContainEqual(expect.objectContaining({ email, role: "editor" }));
    expect((await org.users.owner.client.get(invitationsUrl(org.organizationId))).body.items).toEqual([]);
  });

  it("defaults the role to viewer and is valid 7 days", async () => {
    const org = await createOrgWithRoles(t.app);
    const before = Date.now();
    const sent = await invite(org, { email: uniqueEmail() });
    expect(sent.body.role).toBe("viewer");
    const expiresIn = Date.parse(sent.body.expiresAt) - before;
    expect(expiresIn).toBeGreaterThanOrEqual(7 * DAY_MS - 1_000);
    expect(expiresIn).toBeLessThanOrEqual(7 * DAY_MS + 60_000);
  });

  it("stores the address lowercase and lists pending invitations with the inviter's name", async () => {
    const org = await createOrgWithRoles(t.app);
    const email = uniqueEmail("Mixed.Case").toUpperCase();
    await invite(org, { email, role: "admin" }, "admin");
    const list = await org.users.admin.client.get(invitationsUrl(org.organizationId));
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 1, page: 1 });
    expect(list.body.items).toEqual([
      expect.objectContaining({
        email: email.toLowerCase(),
        role: "admin",
        status: "pending",
        invitedByName: org.users.admin.email,
      }),
    ]);
  });

  it.each([
    ["an empty address", { email: "" }, "email", MESSAGES.emailRequired],
    ["a malformed address", { email: "not-an-address" }, "email", MESSAGES.emailInvalid],
    ["an address with a space", { email: "two words@example.com" }, "email", MESSAGES.emailInvalid],
    [
      "a message over 1000 characters",
      { email: "a@example.com", customMessage: "x".repeat(1001) },
      "customMessage",
      "at most",
    ],
  ])("refuses %s", async (_label, body, field, message) => {
    const org = await createOrgWithRoles(t.app);
    const refused = await invite(org, body);
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields[field]).toContain(message);
    expect(await openInvitationRows(t.app, org.organizationId)).toHaveLength(0);
  });

  it("refuses an owner role and roles that do not exist", async () => {
    const org = await createOrgWithRoles(t.app);
    for (const role of ["owner", "superuser"]) {
      const refused = await invite(org, { email: uniqueEmail(), role });
      expect(refused.status).toBe(400);
      expect(refused.body.error.fields.role).toBeDefined();
    }
  });

  it("refuses to invite someone who is already a member, whatever the case of the address", async () => {
    const org = await createOrgWithRoles(t.app);
    const refused = await invite(org, { email: org.users.editor.email.toUpperCase() });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(INVITATION_MESSAGES.alreadyMember(org.users.editor.email));
    expect(await openInvitationRows(t.app, org.organizationId)).toHaveLength(0);
  });

  it("renews a pending invitation instead of making a second one, with the same link", async () => {
    const org = await createOrgWithRoles(t.app);
    const email = uniqueEmail();
    const since = inbox.messages.length;
    const first = await invite(org, { email, role: "viewer" });
    const firstLink = linkIn(await mailTo(email, since));
    await t.app.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() + DAY_MS) })
      .where(eq(invitations.id, first.body.id));

    const again = inbox.messages.length;
    const second = await invite(org, { email: email.toUpperCase(), role: "editor", customMessage: "Second try" });
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    expect(second.body.role).toBe("editor");
    expect(Date.parse(second.body.expiresAt)).toBeGreaterThan(Date.now() + 6 * DAY_MS);
    const secondMail = await mailTo(email, again);
    expect(linkIn(secondMail).href).toBe(firstLink.href);
    expect(secondMail.text).toContain("Second try");

    const rows = await openInvitationRows(t.app, org.organizationId);
    expect(rows).toHaveLength(1);
  });

  it("makes exactly one invitation when the same address is invited twice at once", async () => {
    const org = await createOrgWithRoles(t.app);
    const email = uniqueEmail();
    const results = await Promise.all([invite(org, { email }), invite(org, { email }, "admin")]);
    expect(results.map((result) => result.status)).toEqual([201, 201]);
    expect(await openInvitationRows(t.app, org.organizationId)).toHaveLength(1);
  });
});

describe("resend and cancel", () => {
  it("Resend moves the expiry to 7 days from now and mails the same link again", async () => {
    const org = await createOrgWithRoles(t.app);
    const email = uniqueEmail();
    const since = inbox.messages.length;
    const sent = await invite(org, { email });
    const link = linkIn(await mailTo(email, since));
    // Let it expire: the list shows it as expired and the link says so.
    await t.app.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(invitations.id, sent.body.id));
    const listed = await org.users.owner.client.get(invitationsUrl(org.organizationId));
    expect(listed.body.items[0].status).toBe("expired");
    const expired = await new TestClient(t.app).get(`/api/invitations/${codeOf(link)}`);
    expect(expired.body.error.message).toBe(MESSAGES.invitationExpired);

    const recorder = recordEvents(t.app, org.organizationId);
    const again = inbox.messages.length;
    const resent = await org.users.admin.client.post(invitationsUrl(org.organizationId, `/${sent.body.id}/resend`));
    expect(resent.status).toBe(200);
    expect(resent.body.status).toBe("pending");
    expect(Date.parse(resent.body.expiresAt)).toBeGreaterThan(Date.now() + 7 * DAY_MS - 60_000);
    expect(linkIn(await mailTo(email, again)).href).toBe(link.href);
    await recorder.waitFor({ entity: "invitation", id: sent.body.id, action: "updated" });
    recorder.stop();
    expect((await new TestClient(t.app).get(`/api/invitations/${codeOf(link)}`)).status).toBe(200);
  });

  it("Cancel deletes the invitation and its link stops working", async () => {
    const org = await createOrgWithRoles(t.app);
    const { id, code } = await insertInvitation(t.app, { organizationId: org.organizationId, email: uniqueEmail() });
    const recorder = recordEvents(t.app, org.organizationId);
    const cancelled = await org.users.owner.client.delete(invitationsUrl(org.organizationId, `/${id}`));
    expect(cancelled.status).toBe(204);
    await recorder.waitFor({ entity: "invitation", id, action: "deleted" });
    recorder.stop();
    expect(await openInvitationRows(t.app, org.organizationId)).toHaveLength(0);
    const preview = await new TestClient(t.app).get(`/api/invitations/${code}`);
    expect(preview.status).toBe(404);
    expect(preview.body.error.message).toBe(MESSAGES.invalidInvitationCode);
    const again = await org.users.owner.client.delete(invitationsUrl(org.organizationId, `/${id}`));
    expect(again.status).toBe(404);
  });

  it("answers 404 for another organization's invitation, and leaves it alone", async () => {
    const org = await createOrgWithRoles(t.app);
    const { id } = await insertInvitation(t.app, { organizationId: org.organizationId, email: uniqueEmail() });
    const outsider = org.users.outsider.client;
    const base = invitationsUrl(org.otherOrganizationId);
    expect((await outsider.post(`${base}/${id}/resend`)).status).toBe(404);
    expect((await outsider.delete(`${base}/${id}`)).status).toBe(404);
    expect(await openInvitationRows(t.app, org.organizationId)).toHaveLength(1);
  });
});

describe("validating a code", () => {
  it("answers the spec's texts: unknown, accepted, used, expired", async () => {
    const org = await createOrgWithRoles(t.app);
    const used = await insertInvitation(t.app, {
      organizationId: org.organizationId,
      email: uniqueEmail(),
      status: "accepted",
    });
    const declined = await insertInvitation(t.app, {
      organizationId: org.organizationId,
      email: uniqueEmail(),
      status: "rejected",
    });
    const expired = await insertInvitation(t.app, {
      organizationId: org.organizationId,
      email: uniqueEmail(),
      expiresAt: new Date(Date.now() - 1),
    });
    const visitor = new TestClient(t.app);
    const cases = [
      ["no-such-code", 404, MESSAGES.invalidInvitationCode],
      // Said to anyone holding the code, and nothing more: no organization, address or inviter.
      [used.code, 409, INVITATION_MESSAGES.accepted],
      [declined.code, 409, MESSAGES.invitationUsedOrExpired],
      [expired.code, 409, MESSAGES.invitationExpired],
    ] as const;
    for (const [code, status, message] of cases) {
      const response = await visitor.get(`/api/invitations/${code}`);
      expect(response.status).toBe(status);
      expect(response.body.error.message).toBe(message);
    }
  });

  it("answers viewer for an invitation without a role, and is never cached", async () => {
    const org = await createOrgWithRoles(t.app);
    const { code } = await insertInvitation(t.app, {
      organizationId: org.organizationId,
      email: uniqueEmail(),
      role: null,
    });
    const response = await new TestClient(t.app).get(`/api/invitations/${code}`);
    expect(response.body.role).toBe("viewer");
    expect(response.headers["cache-control"]).toBe("no-store");
  });
});

describe("accepting and declining", () => {
  it("adds the member with the invited role, makes the organization current and takes the invitation off the list", async () => {
    const org = await createOrgWithRoles(t.app);
    const invitee = await registerOwner(t.app, { organizationName: "Invitee's Own" });
    const { id, code } = await insertInvitation(t.app, {
      organizationId: org.organizationId,
      email: invitee.email.toUpperCase(),
      role: "admin",
    });
    const recorder = recordEvents(t.app, org.organizationId);
    const accepted = await invitee.client.post(`/api/invitations/${code}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({
      organizationId: org.organizationId,
      organizationName: "Acme Operations",
      role: "admin",
    });
    await recorder.waitFor({ entity: "member", id: invitee.id, action: "created" });
    await recorder.waitFor({ entity: "invitation", id, action: "deleted" });
    recorder.stop();
    expect(await currentOrgOf(t.app, invitee.id)).toBe(org.organizationId);
    expect(await openInvitationRows(t.app, org.organizationId)).toHaveLength(0);
    const me = await invitee.client.get("/api/me");
    expect(me.body.organizations).toHaveLength(2);

    const again = await invitee.client.post(`/api/invitations/${code}/accept`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(INVITATION_MESSAGES.accepted);
    // Any browser, signed in or not, hears that it was accepted, and nothing else about it.
    for (const client of [new TestClient(t.app), org.users.viewer.client, invitee.client]) {
      const preview = await client.get(`/api/invitations/${code}`);
      expect(preview.status).toBe(409);
      expect(preview.body).toEqual({ error: { code: "aborted", message: INVITATION_MESSAGES.accepted } });
    }
    // It is no longer the organization's to cancel.
    const [kept] = await t.app.db.select().from(invitations).where(eq(invitations.code, code));
    expect(kept!.status).toBe("accepted");
    const cancel = await org.users.owner.client.delete(invitationsUrl(org.organizationId, `/${kept!.id}`));
    expect(cancel.status).toBe(404);
  });

  it("gives viewer when the invitation has no role", async () => {
    const org = await createOrgWithRoles(t.app);
    const invitee = await createUser(t.app);
    const { code } = await insertInvitation(t.app, {
      organizationId: org.organizationId,
      email: invitee.email,
      role: null,
    });
    const accepted = await invitee.client.post(`/api/invitations/${code}/accept`);
    expect(accepted.body.role).toBe("viewer");
    expect((await membershipsOf(t.app, { organizationId: org.organizationId, userId: invitee.id }))[0]?.role).toBe(
      "viewer",
    );
  });

  it("gives one membership when two accepts race", async () => {
    const org = await createOrgWithRoles(t.app);
    const invitee = await createUser(t.app);
    const { code } = await insertInvitation(t.app, { organizationId: org.organizationId, email: invitee.email });
    const results = await Promise.all([1, 2, 3].map(() => invitee.client.post(`/api/invitations/${code}/accept`)));
    expect(results.filter((result) => result.status === 200)).toHaveLength(1);
    for (const refused of results.filter((result) => result.status !== 200)) {
      expect(refused.body.error.message).toBe(INVITATION_MESSAGES.accepted);
    }
    expect(await membershipsOf(t.app, { organizationId: org.organizationId, userId: invitee.id })).toHaveLength(1);
  });

  it("lets only the invited account accept or decline, with a clear message", async () => {
    const org = await createOrgWithRoles(t.app);
    const invitedEmail = uniqueEmail("invited");
    const { code } = await insertInvitation(t.app, { organizationId: org.organizationId, email: invitedEmail });
    const stranger = await createUser(t.app);
    for (const action of ["accept", "decline"]) {
      const refused = await stranger.client.post(`/api/invitations/${code}/${action}`);
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toBe(INVITATION_MESSAGES.wrongAccount(invitedEmail));
    }
    expect(await membershipsOf(t.app, { organizationId: org.organizationId, userId: stranger.id })).toHaveLength(0);
    expect(await openInvitationRows(t.app, org.organizationId)).toHaveLength(1);
  });

  it("refuses expired and used codes with the spec's texts", async () => {
    const org = await createOrgWithRoles(t.app);
    const invitee = await createUser(t.app);
    const expired = await insertInvitation(t.app, {
      organizationId: org.organizationId,
      email: invitee.email,
      expiresAt: new Date(Date.now() - 1),
    });
    const refused = await invitee.client.post(`/api/invitations/${expired.code}/accept`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(MESSAGES.invitationExpired);
    expect((await invitee.client.post(`/api/invitations/${expired.code}/decline`)).body.error.message).toBe(
      MESSAGES.invitationExpired,
    );
    await t.app.db.delete(invitations).where(eq(invitations.id, expired.id));
    const used = await insertInvitation(t.app, {
      organizationId: org.organizationId,
      email: invitee.email,
      status: "rejected",
    });
    const usedAnswer = await invitee.client.post(`/api/invitations/${used.code}/accept`);
    expect(usedAnswer.body.error.message).toBe(MESSAGES.invitationUsedOrExpired);
    expect(await membershipsOf(t.app, { organizationId: org.organizationId, userId: invitee.id })).toHaveLength(0);
  });

  it("keeps the role of someone who is a member already", async () => {
    const org = await createOrgWithRoles(t.app);
    // Invited while not yet a member, made admin some other way meanwhile.
    const { code } = await insertInvitation(t.app, {
      organizationId: org.organizationId,
      email: org.users.admin.email,
      role: "viewer",
    });
    const accepted = await org.users.admin.client.post(`/api/invitations/${code}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body.role).toBe("admin");
    expect(await openInvitationRows(t.app, org.organizationId)).toHaveLength(0);
  });

  it("needs a signed-in user to accept or decline", async () => {
    const org = await createOrgWithRoles(t.app);
    const { code } = await insertInvitation(t.app, { organizationId: org.organizationId, email: uniqueEmail() });
    const visitor = new TestClient(t.app);
    expect((await visitor.post(`/api/invitations/${code}/accept`)).status).toBe(401);
    expect((await visitor.post(`/api/invitations/${code}/decline`)).status).toBe(401);
  });

  it("declining deletes the invitation and adds no membership", async () => {
    const org = await createOrgWithRoles(t.app);
    const invitee = await createUser(t.app);
    const { id, code } = await insertInvitation(t.app, { organizationId: org.organizationId, email: invitee.email });
    const recorder = recordEvents(t.app, org.organizationId);
    const declined = await invitee.client.post(`/api/invitations/${code}/decline`);
    expect(declined.status).toBe(204);
    await recorder.waitFor({ entity: "invitation", id, action: "deleted" });
    recorder.stop();
    expect(await openInvitationRows(t.app, org.organizationId)).toHaveLength(0);
    expect(await membershipsOf(t.app, { organizationId: org.organizationId, userId: invitee.id })).toHaveLength(0);
    expect((await invitee.client.post(`/api/invitations/${code}/accept`)).status).toBe(404);
  });
});
