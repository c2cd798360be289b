import { IMAGE_MESSAGES } from "@flowdeck/shared/images/messages";
import { PROFILE_MESSAGES } from "@flowdeck/shared/profile/messages";
import { SETTINGS_MESSAGES } from "@flowdeck/shared/settings/messages";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../../src/db/schema/index.ts";
import { auditRows, rowsSince } from "../audit/audit-support.ts";
import { addMember, createUser, registerOwner, type OrgWithRoles } from "../helpers/factories.ts";
import { getFile } from "../helpers/get-file.ts";
import { SVG, jpegWithGps, pngOfExactSize, solidImage } from "../helpers/image-fixtures.ts";
import { putImage } from "../helpers/image-requests.ts";
import { streamsClosedAfterEach } from "../helpers/sse-client.ts";
import { createAppWithRoles, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
let org: OrgWithRoles;
const { listen } = streamsClosedAfterEach();
beforeAll(async () => ({ t, org } = await createAppWithRoles({ listen: true })));
afterAll(() => t.close());

const editor = () => org.users.editor;

describe("the profile", () => {
  it("shows the user's own details; the email is there to read", async () => {
    const response = await editor().client.get("/api/profile");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: editor().id,
      email: editor().email,
      displayName: "",
      phone: null,
      avatarUrl: null,
      avatarMetadata: null,
    });
  });

  it("saves a trimmed display name and a phone, and /api/me shows the name at once", async () => {
    const response = await editor().client.patch("/api/profile", {
      displayName: "  Erin Editor  ",
      phone: "+44 20 7946 0000",
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ displayName: "Erin Editor", phone: "+44 20 7946 0000" });
    const me = await editor().client.get("/api/me");
    expect(me.body.user.displayName).toBe("Erin Editor");
  });

  it("changes only what is sent, and clears a phone sent empty", async () => {
    await editor().client.patch("/api/profile", { displayName: "Erin", phone: "555-0101" });
    expect((await editor().client.patch("/api/profile", { phone: "" })).body).toMatchObject({
      displayName: "Erin",
      phone: null,
    });
    expect((await editor().client.patch("/api/profile", {})).body.displayName).toBe("Erin");
  });

  it.each([
    [{ displayName: "x".repeat(101) }, "displayName", PROFILE_MESSAGES.displayNameTooLong],
    [{ phone: "not a phone" }, "phone", SETTINGS_MESSAGES.phoneInvalid],
  ])("refuses %j with a message for the field", async (body, field, message) => {
    const response = await editor().client.patch("/api/profile", body);
    expect(response.status).toBe(400);
    expect(response.body.error.fields[field]).toBe(message);
  });

  it("accepts a display name of exactly 100 characters", async () => {
    const response = await editor().client.patch("/api/profile", { displayName: "n".repeat(100) });
    expect(response.status).toBe(200);
    await editor().client.patch("/api/profile", { displayName: "Erin" });
  });

  it("refuses to change the email, says so, and changes nothing else", async () => {
    const response = await editor().client.patch("/api/profile", { displayName: "Sneaky", email: "new@example.com" });
    expect(response.status).toBe(400);
    expect(response.body.error.fields.email).toBe(PROFILE_MESSAGES.emailReadOnly);
    const profile = await editor().client.get("/api/profile");
    expect(profile.body).toMatchObject({ email: editor().email, displayName: "Erin" });
  });

  it("works for a signed-in user with no organization", async () => {
    const loner = await createUser(t.app);
    expect((await loner.client.patch("/api/profile", { displayName: "Solo" })).status).toBe(200);
    expect(
      (await putImage(loner.client, "/api/profile/avatar", { fileName: "me.png", data: await solidImage("png") }))
        .status,
    ).toBe(200);
  });
});

describe("the avatar", () => {
  it("is re-encoded, stripped, shown in /api/me, and kept in users.image", async () => {
    const response = await putImage(editor().client, "/api/profile/avatar", {
      fileName: "me.jpg",
      data: await jpegWithGps(),
    });
    expect(response.status).toBe(200);
    expect(response.body.avatarUrl).toMatch(new RegExp(`^/api/users/${editor().id}/avatar\\?v=\\d+$`));
    expect(response.body.avatarMetadata).toMatchObject({
      type: "image/jpeg",
      width: 267,
      height: 200,
      originalName: "me.jpg",
    });

    const me = await editor().client.get("/api/me");
    expect(me.body.user.avatarUrl).toBe(response.body.avatarUrl);
    const [row] = await t.app.db.select({ image: user.image }).from(user).where(eq(user.id, editor().id));
    expect(row?.image).toBe(response.body.avatarUrl);

    const served = await getFile(t.app, editor().client, response.body.avatarUrl);
    expect(served.status).toBe(200);
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
    const metadata = await sharp(served.bytes).metadata();
    expect(metadata.exif).toBeUndefined();
    expect([metadata.width, metadata.height]).toEqual([267, 200]);
  });

  it("is seen by members of a shared organization, and by nobody else", async () => {
    const url = (await editor().client.get("/api/profile")).body.avatarUrl as string;
    for (const role of ["owner", "admin", "viewer"] as const) {
      expect((await getFile(t.app, org.users[role].client, url)).status).toBe(200);
    }
    expect((await getFile(t.app, org.users.outsider.client, url)).status).toBe(404);
    expect((await getFile(t.app, (await createUser(t.app)).client, url)).status).toBe(404);
    expect((await getFile(t.app, undefined, url)).status).toBe(401);
  });

  it("answers 404 alike for a user who does not exist and one who is not shared", async () => {
    const unknown = await getFile(t.app, editor().client, "/api/users/no-such-user/avatar");
    const hidden = await getFile(t.app, editor().client, `/api/users/${org.users.outsider.id}/avatar`);
    expect(unknown.status).toBe(404);
    expect(hidden.status).toBe(404);
  });

  it("follows the image rules: type by content, 500 KB", async () => {
    const svg = await putImage(editor().client, "/api/profile/avatar", {
      fileName: "me.png",
      data: SVG,
      contentType: "image/png",
    });
    expect(svg.status).toBe(400);
    expect(svg.body.error.message).toBe(IMAGE_MESSAGES.invalidType);
    const big = await putImage(editor().client, "/api/profile/avatar", {
      fileName: "me.png",
      data: await pngOfExactSize(512_001),
    });
    expect(big.status).toBe(413);
    expect(big.body.error.message).toBe(IMAGE_MESSAGES.tooLarge);
    const exact = await putImage(editor().client, "/api/profile/avatar", {
      fileName: "me.png",
      data: await pngOfExactSize(512_000),
    });
    expect(exact.status).toBe(200);
  });

  it("can be removed; the badge falls back to the initial", async () => {
    expect((await editor().client.delete("/api/profile/avatar")).status).toBe(204);
    const me = await editor().client.get("/api/me");
    expect(me.body.user.avatarUrl).toBeNull();
    const [row] = await t.app.db.select({ image: user.image }).from(user).where(eq(user.id, editor().id));
    expect(row?.image).toBeNull();
    expect((await getFile(t.app, editor().client, `/api/users/${editor().id}/avatar`)).status).toBe(404);
  });

  it("is taken from the stored image, never from another site's picture in users.image", async () => {
    await t.app.db.update(user).set({ image: "https://tracker.example.net/pixel.png" }).where(eq(user.id, editor().id));
    const me = await editor().client.get("/api/me");
    expect(me.body.user.avatarUrl).toBeNull();
  });
});

describe("live updates", () => {
  it("tells the user's organizations that a member changed, so their member lists refresh", async () => {
    const stream = await listen(t.app, org.organizationId, org.users.viewer);
    await editor().client.patch("/api/profile", { displayName: "Erin Live" });
    expect(await stream.nextChange()).toEqual({ entity: "member", id: editor().id, action: "updated" });
    await putImage(editor().client, "/api/profile/avatar", { fileName: "me.gif", data: await solidImage("gif") });
    expect(await stream.nextChange()).toEqual({ entity: "member", id: editor().id, action: "updated" });
  });
});

describe("the audit log", () => {
  // A member's name and picture show in each of their organizations: each records the change.
  async function memberOfTwo() {
    const person = await createUser(t.app);
    const first = await registerOwner(t.app);
    const second = await registerOwner(t.app);
    await addMember(t.app, { organizationId: first.organizationId, userId: person.id, role: "editor" });
    await addMember(t.app, { organizationId: second.organizationId, userId: person.id, role: "viewer" });
    const orgIds = [first.organizationId, second.organizationId];
    const baselines = await Promise.all(orgIds.map((id) => auditRows(t.app, id)));
    const recorded = async () => Promise.all(orgIds.map(async (id, index) => rowsSince(t.app, id, baselines[index]!)));
    return { person, orgIds, recorded };
  }

  it("records a profile change in each of the member's organizations, with before and after", async () => {
    const { person, orgIds, recorded } = await memberOfTwo();
    expect(
      (await person.client.patch("/api/profile", { displayName: "Grace", phone: "+44 20 7946 0000" })).status,
    ).toBe(200);
    const perOrganization = await recorded();
    perOrganization.forEach((rows, index) => {
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        organizationId: orgIds[index],
        action: "member.profile_updated",
        entityType: "member",
        entityId: person.id,
        actorKind: "user",
        actorId: person.id,
        summary: "Grace changed their profile",
        changes: { displayName: { before: "", after: "Grace" }, phone: { before: null, after: "+44 20 7946 0000" } },
      });
      expect(rows[0]!.ip).toBeTruthy();
    });
  });

  it("records an avatar upload and its removal in each of the member's organizations", async () => {
    const { person, orgIds, recorded } = await memberOfTwo();
    const uploaded = await putImage(person.client, "/api/profile/avatar", {
      fileName: "me.png",
      data: await solidImage("png"),
    });
    expect(uploaded.status).toBe(200);
    expect((await person.client.delete("/api/profile/avatar")).status).toBe(204);
    const perOrganization = await recorded();
    perOrganization.forEach((rows, index) => {
      const oldestFirst = [...rows].reverse();
      expect(oldestFirst.map((row) => [row.action, row.summary])).toEqual([
        ["member.profile_updated", `${person.email} changed their picture`],
        ["member.profile_updated", `${person.email} removed their picture`],
      ]);
      for (const row of oldestFirst) {
        expect(row).toMatchObject({
          organizationId: orgIds[index],
          entityId: person.id,
          actorKind: "user",
          actorId: person.id,
        });
      }
    });
  });

  it("records nothing when removing a picture there is none of", async () => {
    const { person, recorded } = await memberOfTwo();
    expect((await person.client.delete("/api/profile/avatar")).status).toBe(204);
    expect(await recorded()).toEqual([[], []]);
  });
});
