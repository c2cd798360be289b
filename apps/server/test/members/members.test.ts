import { MESSAGES, type Role } from "@flowdeck/shared";
import { MEMBER_MESSAGES } from "@flowdeck/shared/members/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addMember,
  createOrgWithRoles,
  createUser,
  registerOwner,
  uniqueEmail,
  type OrgWithRoles,
  type TestUser,
} from "../helpers/factories.ts";
import { TestClient } from "../helpers/http-client.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { currentOrgOf, membershipsOf, recordEvents } from "./support.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const membersUrl = (orgId: string, userId?: string) => `/api/orgs/${orgId}/members${userId ? `/${userId}` : ""}`;

async function memberOf(org: OrgWithRoles, role: Role | null): Promise<TestUser> {
  const member = await createUser(t.app, { email: uniqueEmail(role ?? "member") });
  await addMember(t.app, { organizationId: org.organizationId, userId: member.id, role });
  return member;
}

async function roleOf(organizationId: string, userId: string) {
  const [row] = await membershipsOf(t.app, { organizationId, userId });
  return row ? row.role : "not a member";
}

describe("the member list", () => {
  it("lists every member with name, email, role and joined date, to any member", async () => {
    const org = await createOrgWithRoles(t.app);
    const roleless = await memberOf(org, null);
    const response = await org.users.viewer.client.get(membersUrl(org.organizationId));
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(5);
    expect(response.body.items).toHaveLength(5);
    const byId = new Map(response.body.items.map((item: { userId: string }) => [item.userId, item]));
    expect(byId.get(org.users.owner.id)).toEqual({
      userId: org.users.owner.id,
      name: "",
      email: org.users.owner.email,
      role: "owner",
      joinedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(byId.get(org.users.editor.id)).toMatchObject({ role: "editor", email: org.users.editor.email });
    // A membership without a role answers null; the table labels it 'member'.
    expect(byId.get(roleless.id)).toMatchObject({ role: null });
    expect(byId.has(org.users.outsider.id)).toBe(false);
  });

  it("pages the list", async () => {
    const org = await createOrgWithRoles(t.app);
    const first = await org.users.owner.client.get(`${membersUrl(org.organizationId)}?page=1&pageSize=3`);
    const second = await org.users.owner.client.get(`${membersUrl(org.organizationId)}?page=2&pageSize=3`);
    expect(first.body).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(first.body.items).toHaveLength(3);
    expect(second.body.items).toHaveLength(1);
    const ids = [...first.body.items, ...second.body.items].map((item: { userId: string }) => item.userId);
    expect(new Set(ids).size).toBe(4);
  });
});

describe("changing a role (spec 6 member table rules)", () => {
  it("lets an owner assign any role, including owner and admin", async () => {
    const org = await createOrgWithRoles(t.app);
    const owner = org.users.owner.client;
    for (const role of ["admin", "owner", "editor", "viewer"] as const) {
      const response = await owner.patch(membersUrl(org.organizationId, org.users.editor.id), { role });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ userId: org.users.editor.id, role });
      expect(await roleOf(org.organizationId, org.users.editor.id)).toBe(role);
    }
    // Another admin, or an owner, may be changed by an owner.
    expect((await owner.patch(membersUrl(org.organizationId, org.users.admin.id), { role: "viewer" })).status).toBe(
      200,
    );
  });

  it("lets an admin move editors and viewers between editor and viewer only", async () => {
    const org = await createOrgWithRoles(t.app);
    const admin = org.users.admin.client;
    const toViewer = await admin.patch(membersUrl(org.organizationId, org.users.editor.id), { role: "viewer" });
    expect(toViewer.status).toBe(200);
    const toEditor = await admin.patch(membersUrl(org.organizationId, org.users.viewer.id), { role: "editor" });
    expect(toEditor.status).toBe(200);
    const roleless = await memberOf(org, null);
    expect((await admin.patch(membersUrl(org.organizationId, roleless.id), { role: "editor" })).status).toBe(200);

    for (const role of ["admin", "owner"] as const) {
      const refused = await admin.patch(membersUrl(org.organizationId, org.users.viewer.id), { role });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toEqual({ code: "permission-denied", message: MESSAGES.cannotAssignRole });
    }
    expect(await roleOf(org.organizationId, org.users.viewer.id)).toBe("editor");
  });

  it("refuses an admin changing an owner or another admin", async () => {
    const org = await createOrgWithRoles(t.app);
    const otherAdmin = await memberOf(org, "admin");
    for (const target of [org.users.owner.id, otherAdmin.id]) {
      const refused = await org.users.admin.client.patch(membersUrl(org.organizationId, target), { role: "viewer" });
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toBe(MESSAGES.cannotManageMembers);
    }
    expect(await roleOf(org.organizationId, org.users.owner.id)).toBe("owner");
    expect(await roleOf(org.organizationId, otherAdmin.id)).toBe("admin");
  });

  it("refuses editors and viewers with the spec's text", async () => {
    const org = await createOrgWithRoles(t.app);
    for (const actor of [org.users.editor, org.users.viewer]) {
      const refused = await actor.client.patch(membersUrl(org.organizationId, org.users.viewer.id), { role: "editor" });
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toBe(MESSAGES.cannotUpdateMemberRoles);
    }
  });

  it("never lets anyone change their own role", async () => {
    const org = await createOrgWithRoles(t.app);
    for (const actor of [org.users.owner, org.users.admin]) {
      const refused = await actor.client.patch(membersUrl(org.organizationId, actor.id), { role: "viewer" });
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toBe(MEMBER_MESSAGES.cannotChangeOwnRole);
    }
    expect(await roleOf(org.organizationId, org.users.owner.id)).toBe("owner");
  });

  it("refuses a role that does not exist, and a user who is not a member", async () => {
    const org = await createOrgWithRoles(t.app);
    const owner = org.users.owner.client;
    const bad = await owner.patch(membersUrl(org.organizationId, org.users.viewer.id), { role: "superuser" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("invalid-argument");
    const missing = await owner.patch(membersUrl(org.organizationId, org.users.outsider.id), { role: "viewer" });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(MEMBER_MESSAGES.memberNotFound);
  });

  it("takes effect on the member's next request, and tells every open screen", async () => {
    const org = await createOrgWithRoles(t.app);
    const viewer = org.users.viewer;
    const invitationsUrl = `/api/orgs/${org.organizationId}/invitations`;
    expect((await viewer.client.get(invitationsUrl)).status).toBe(403);
    const recorder = recordEvents(t.app, org.organizationId);
    await org.users.owner.client.patch(membersUrl(org.organizationId, viewer.id), { role: "admin" });
    await recorder.waitFor({ entity: "member", id: viewer.id, action: "updated" });
    recorder.stop();
    expect((await viewer.client.get(invitationsUrl)).status).toBe(200);
    const me = await viewer.client.get("/api/me");
    expect(me.body.organizations[0]).toMatchObject({ id: org.organizationId, role: "admin" });
  });

  it("never leaves an organization without an owner, even when two owners demote each other at once", async () => {
    const org = await createOrgWithRoles(t.app);
    const secondOwner = await memberOf(org, "owner");
    const [first, second] = await Promise.all([
      org.users.owner.client.patch(membersUrl(org.organizationId, secondOwner.id), { role: "admin" }),
      secondOwner.client.patch(membersUrl(org.organizationId, org.users.owner.id), { role: "admin" }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 403]);
    const owners = (await org.users.owner.client.get(membersUrl(org.organizationId))).body.items.filter(
      (item: { role: string }) => item.role === "owner",
    );
    expect(owners).toHaveLength(1);
  });
});

describe("removing a member", () => {
  it("lets an owner remove anyone but themselves", async () => {
    const org = await createOrgWithRoles(t.app);
    const owner = org.users.owner.client;
    const secondOwner = await memberOf(org, "owner");
    for (const target of [org.users.admin, org.users.editor, org.users.viewer, secondOwner]) {
      const response = await owner.delete(membersUrl(org.organizationId, target.id));
      expect(response.status).toBe(204);
      expect(await roleOf(org.organizationId, target.id)).toBe("not a member");
    }
    const self = await owner.delete(membersUrl(org.organizationId, org.users.owner.id));
    expect(self.status).toBe(403);
    expect(self.body.error.message).toBe(MESSAGES.cannotRemoveYourself);
  });

  it("lets an admin remove only editors and viewers", async () => {
    const org = await createOrgWithRoles(t.app);
    const admin = org.users.admin.client;
    const otherAdmin = await memberOf(org, "admin");
    for (const target of [org.users.owner.id, otherAdmin.id]) {
      const refused = await admin.delete(membersUrl(org.organizationId, target));
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toBe(MESSAGES.cannotRemoveThisMember);
    }
    const self = await admin.delete(membersUrl(org.organizationId, org.users.admin.id));
    expect(self.body.error.message).toBe(MESSAGES.cannotRemoveYourself);
    expect((await admin.delete(membersUrl(org.organizationId, org.users.editor.id))).status).toBe(204);
    expect((await admin.delete(membersUrl(org.organizationId, org.users.viewer.id))).status).toBe(204);
  });

  it("refuses editors and viewers with the spec's text", async () => {
    const org = await createOrgWithRoles(t.app);
    for (const actor of [org.users.editor, org.users.viewer]) {
      const refused = await actor.client.delete(membersUrl(org.organizationId, org.users.viewer.id));
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toBe(MESSAGES.cannotRemoveMembers);
    }
    expect(await roleOf(org.organizationId, org.users.viewer.id)).toBe("viewer");
  });

  it("takes the organization out of the member's list and makes the first remaining one current", async () => {
    const org = await createOrgWithRoles(t.app);
    const member = await registerOwner(t.app, { organizationName: "Member's Own" });
    // Joined later than their own organization, and made current.
    await addMember(t.app, { organizationId: org.organizationId, userId: member.id, role: "editor" });
    await member.client.put("/api/me/current-organization", { organizationId: org.organizationId });
    expect(await currentOrgOf(t.app, member.id)).toBe(org.organizationId);

    const recorder = recordEvents(t.app, org.organizationId);
    expect((await org.users.owner.client.delete(membersUrl(org.organizationId, member.id))).status).toBe(204);
    await recorder.waitFor({ entity: "member", id: member.id, action: "deleted" });
    recorder.stop();

    const me = await member.client.get("/api/me");
    expect(me.body.organizations.map((organization: { id: string }) => organization.id)).toEqual([
      member.organizationId,
    ]);
    expect(me.body.user.currentOrgId).toBe(member.organizationId);
    // The next request to the old organization finds nothing there.
    expect((await member.client.get(membersUrl(org.organizationId))).status).toBe(404);
  });

  it("leaves no current organization when none remains, and keeps another current one as it is", async () => {
    const org = await createOrgWithRoles(t.app);
    await org.users.owner.client.delete(membersUrl(org.organizationId, org.users.viewer.id));
    const me = await org.users.viewer.client.get("/api/me");
    expect(me.body).toMatchObject({ organizations: [], user: { currentOrgId: null } });

    const elsewhere = await registerOwner(t.app);
    await addMember(t.app, { organizationId: org.organizationId, userId: elsewhere.id, role: "viewer" });
    await org.users.owner.client.delete(membersUrl(org.organizationId, elsewhere.id));
    expect(await currentOrgOf(t.app, elsewhere.id)).toBe(elsewhere.organizationId);
  });

  it("answers 404 for a user who is not a member", async () => {
    const org = await createOrgWithRoles(t.app);
    const response = await org.users.owner.client.delete(membersUrl(org.organizationId, org.users.outsider.id));
    expect(response.status).toBe(404);
    expect(response.body.error.message).toBe(MEMBER_MESSAGES.memberNotFound);
    expect(await roleOf(org.otherOrganizationId, org.users.outsider.id)).toBe("owner");
  });
});

describe("tenancy", () => {
  it("hides one organization's members from another's owner, whatever ids they use", async () => {
    const org = await createOrgWithRoles(t.app);
    const outsider = org.users.outsider.client;
    expect((await outsider.get(membersUrl(org.organizationId))).status).toBe(404);
    // Through their own organization, a member of the other one is simply not found.
    const patched = await outsider.patch(membersUrl(org.otherOrganizationId, org.users.viewer.id), { role: "admin" });
    expect(patched.status).toBe(404);
    expect((await outsider.delete(membersUrl(org.otherOrganizationId, org.users.viewer.id))).status).toBe(404);
    expect(await roleOf(org.organizationId, org.users.viewer.id)).toBe("viewer");
  });

  it("answers 401 to a visitor who is not signed in", async () => {
    const org = await createOrgWithRoles(t.app);
    const response = await new TestClient(t.app).get(membersUrl(org.organizationId));
    expect(response.status).toBe(401);
  });
});

describe("the creator stays owner (spec 6)", () => {
  it("a second owner can neither demote nor remove the creator; the creator still manages them", async () => {
    const org = await createOrgWithRoles(t.app);
    const creator = org.users.owner;
    const secondOwner = await memberOf(org, "owner");

    const demote = await secondOwner.client.patch(membersUrl(org.organizationId, creator.id), { role: "admin" });
    expect(demote.status).toBe(403);
    expect(demote.body.error.message).toBe(MEMBER_MESSAGES.creatorStaysOwner);
    const remove = await secondOwner.client.delete(membersUrl(org.organizationId, creator.id));
    expect(remove.status).toBe(403);
    expect(remove.body.error.message).toBe(MEMBER_MESSAGES.creatorStaysOwner);
    expect(await roleOf(org.organizationId, creator.id)).toBe("owner");

    const demoteSecond = await creator.client.patch(membersUrl(org.organizationId, secondOwner.id), { role: "admin" });
    expect(demoteSecond.status).toBe(200);
    expect(await roleOf(org.organizationId, secondOwner.id)).toBe("admin");
  });
});

describe("ownership transfer (decision 012)", () => {
  it("only the creator hands over; the new owner takes the creator's place, the former stays owner", async () => {
    const org = await createOrgWithRoles(t.app);
    const creator = org.users.owner;
    const secondOwner = await memberOf(org, "owner");
    const ownershipUrl = (userId: string) => `${membersUrl(org.organizationId, userId)}/ownership`;

    const notCreator = await secondOwner.client.post(ownershipUrl(org.users.editor.id), {});
    expect(notCreator.status).toBe(403);
    expect(notCreator.body.error.message).toBe(MEMBER_MESSAGES.onlyCreatorTransfers);
    expect(await roleOf(org.organizationId, org.users.editor.id)).toBe("editor");

    const transfer = await creator.client.post(ownershipUrl(org.users.editor.id), {});
    expect(transfer.status).toBe(200);
    expect(transfer.body).toMatchObject({ userId: org.users.editor.id, role: "owner" });
    expect(await roleOf(org.organizationId, creator.id)).toBe("owner");

    // The new creator is protected; the former one no longer is, and can no longer transfer.
    const demoteNew = await creator.client.patch(membersUrl(org.organizationId, org.users.editor.id), {
      role: "viewer",
    });
    expect(demoteNew.status).toBe(403);
    expect(demoteNew.body.error.message).toBe(MEMBER_MESSAGES.creatorStaysOwner);
    const demoteFormer = await org.users.editor.client.patch(membersUrl(org.organizationId, creator.id), {
      role: "admin",
    });
    expect(demoteFormer.status).toBe(200);
    expect((await creator.client.post(ownershipUrl(secondOwner.id), {})).status).toBe(403);
  });
});
