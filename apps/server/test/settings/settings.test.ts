import { MESSAGES } from "@flowdeck/shared";
import { SETTINGS_MESSAGES } from "@flowdeck/shared/settings/messages";
import { DEFAULT_NOTIFICATIONS, TIMEZONES } from "@flowdeck/shared/settings/options";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueDomain, type OrgWithRoles } from "../helpers/factories.ts";
import { getFile } from "../helpers/get-file.ts";
import type { TestClient } from "../helpers/http-client.ts";
import { solidImage } from "../helpers/image-fixtures.ts";
import { putImage } from "../helpers/image-requests.ts";
import { streamsClosedAfterEach } from "../helpers/sse-client.ts";
import { createAppWithRoles, type TestApp } from "../helpers/test-app.ts";
import { logoUrl, settingsUrl } from "./settings-urls.ts";

let t: TestApp;
let org: OrgWithRoles;
const { listen } = streamsClosedAfterEach();
beforeAll(async () => ({ t, org } = await createAppWithRoles({ listen: true })));
afterAll(() => t.close());

const admin = () => org.users.admin.client;
const save = (body: Record<string, unknown>, client: TestClient = admin()) =>
  client.patch(settingsUrl(org.organizationId), { name: "Acme Operations", timezone: "UTC", ...body });

describe("reading the settings", () => {
  it("shows a new organization's defaults: UTC, email and push on, weekly reports off, no logo", async () => {
    const response = await org.users.viewer.client.get(settingsUrl(org.organizationId));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: org.organizationId,
      name: "Acme Operations",
      timezone: "UTC",
      notifications: DEFAULT_NOTIFICATIONS,
      logoUrl: null,
      logoMetadata: null,
      website: null,
      industry: null,
    });
    expect(response.body.domain).toMatch(/\.example\.com$/);
  });
});

describe("saving the settings", () => {
  it("saves every field, records who saved and when, and answers the new settings", async () => {
    const before = Date.now();
    const response = await save({
      name: "  Night Shift  ",
      description: "We keep the lights on.",
      website: "nightshift.example.org",
      industry: "consulting",
      timezone: "Asia/Tokyo",
      address: "1 Main Street, Springfield",
      phone: "+1 (555) 010-9999",
      notifications: { email: false, pushNotifications: true, weeklyReports: true },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      name: "Night Shift",
      description: "We keep the lights on.",
      website: "https://nightshift.example.org",
      industry: "consulting",
      timezone: "Asia/Tokyo",
      address: "1 Main Street, Springfield",
      phone: "+1 (555) 010-9999",
      notifications: { email: false, pushNotifications: true, weeklyReports: true },
      updatedBy: { id: org.users.admin.id, name: org.users.admin.email },
    });
    expect(new Date(response.body.updatedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const read = await org.users.viewer.client.get(settingsUrl(org.organizationId));
    expect(read.body).toEqual(response.body);
  });

  it("leaves out fields alone, and clears a field sent empty", async () => {
    await save({ description: "Kept", phone: "555-0100", industry: "finance" });
    const response = await save({ phone: "", industry: "" });
    expect(response.body).toMatchObject({ description: "Kept", phone: null, industry: null });
  });

  it("stores each of the eight timezones as its IANA name", async () => {
    for (const { value } of TIMEZONES) {
      const response = await save({ timezone: value });
      expect(response.status).toBe(200);
      expect(response.body.timezone).toBe(value);
    }
  });

  it("shows the new name in every member's /api/me", async () => {
    await save({ name: "Renamed Co" });
    const me = await org.users.viewer.client.get("/api/me");
    expect(me.body.organizations[0].name).toBe("Renamed Co");
    await save({ name: "Acme Operations" });
  });

  it.each([
    [{ name: "   " }, "name", MESSAGES.organizationNameRequired],
    [{ name: undefined }, "name", MESSAGES.organizationNameRequired],
    [{ timezone: undefined }, "timezone", SETTINGS_MESSAGES.timezoneRequired],
    [{ timezone: "" }, "timezone", SETTINGS_MESSAGES.timezoneRequired],
    [{ timezone: "Mars/Olympus" }, "timezone", SETTINGS_MESSAGES.timezoneInvalid],
    [{ timezone: "Eastern" }, "timezone", SETTINGS_MESSAGES.timezoneInvalid],
    [{ website: "not a url" }, "website", SETTINGS_MESSAGES.websiteInvalid],
    [{ website: "javascript:alert(1)" }, "website", SETTINGS_MESSAGES.websiteInvalid],
    [{ website: "ftp://files.example.com" }, "website", SETTINGS_MESSAGES.websiteInvalid],
    [{ industry: "space" }, "industry", SETTINGS_MESSAGES.industryInvalid],
    [{ phone: "call me" }, "phone", SETTINGS_MESSAGES.phoneInvalid],
    [{ phone: "12" }, "phone", SETTINGS_MESSAGES.phoneInvalid],
    [{ description: "x".repeat(1001) }, "description", SETTINGS_MESSAGES.descriptionTooLong],
    [{ address: "x".repeat(501) }, "address", SETTINGS_MESSAGES.addressTooLong],
    [{ domain: "not a domain" }, "domain", MESSAGES.domainInvalid],
  ])("refuses %j with a message for the field", async (overrides, field, message) => {
    const response = await save(overrides);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("invalid-argument");
    expect(response.body.error.fields[field]).toBe(message);
  });

  it("refuses notifications that are not three booleans", async () => {
    const response = await save({ notifications: { email: "yes" } });
    expect(response.status).toBe(400);
  });
});

describe("the domain", () => {
  it("changes to a free domain, stored lowercase", async () => {
    const domain = uniqueDomain();
    const response = await save({ domain: domain.toUpperCase() });
    expect(response.status).toBe(200);
    expect(response.body.domain).toBe(domain);
  });

  it("may be saved unchanged, in any case", async () => {
    const current = (await admin().get(settingsUrl(org.organizationId))).body.domain as string;
    const response = await save({ domain: current.toUpperCase() });
    expect(response.status).toBe(200);
    expect(response.body.domain).toBe(current);
  });

  it("refuses another organization's domain, compared case-insensitively", async () => {
    const other = (await org.users.outsider.client.get(settingsUrl(org.otherOrganizationId))).body.domain as string;
    const response = await save({ domain: other.toUpperCase() });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(MESSAGES.domainTaken);
    expect(response.body.error.fields.domain).toBe(MESSAGES.domainTaken);
  });

  it("gives the domain to one organization only when two race for it", async () => {
    const domain = uniqueDomain();
    const results = await Promise.all([
      save({ domain }),
      org.users.outsider.client.patch(settingsUrl(org.otherOrganizationId), {
        name: "Other Org",
        timezone: "UTC",
        domain,
      }),
    ]);
    expect(results.filter((result) => result.status === 200)).toHaveLength(1);
    for (const refused of results.filter((result) => result.status !== 200)) {
      expect(refused.body.error.message).toBe(MESSAGES.domainTaken);
    }
  });

  it("can be removed", async () => {
    const response = await save({ domain: "" });
    expect(response.status).toBe(200);
    expect(response.body.domain).toBeNull();
  });
});

describe("the logo", () => {
  it("appears in the settings and in every member's /api/me with a versioned URL", async () => {
    const upload = await putImage(admin(), logoUrl(org.organizationId), {
      fileName: "brand.png",
      data: await solidImage("png", 600, 200),
    });
    expect(upload.status).toBe(200);
    expect(upload.body.logoUrl).toMatch(new RegExp(`^/api/orgs/${org.organizationId}/logo\\?v=\\d+$`));

    const settings = await org.users.viewer.client.get(settingsUrl(org.organizationId));
    expect(settings.body.logoUrl).toBe(upload.body.logoUrl);
    expect(settings.body.logoMetadata).toMatchObject({ originalName: "brand.png", width: 300, height: 100 });
    expect(settings.body.updatedBy.id).toBe(org.users.admin.id);
    const me = await org.users.viewer.client.get("/api/me");
    expect(me.body.organizations[0].logoUrl).toBe(upload.body.logoUrl);
  });

  it("is served as an image that is never sniffed, cached for good under its current version", async () => {
    const url = (await admin().get(settingsUrl(org.organizationId))).body.logoUrl as string;
    const current = await getFile(t.app, org.users.viewer.client, url);
    expect(current.status).toBe(200);
    expect(current.headers["content-type"]).toBe("image/png");
    expect(current.headers["x-content-type-options"]).toBe("nosniff");
    expect(current.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
    expect(current.headers["content-security-policy"]).toContain("sandbox");

    const old = await getFile(t.app, org.users.viewer.client, `${logoUrl(org.organizationId)}?v=1`);
    expect(old.headers["cache-control"]).toBe("private, no-cache");
    const again = await getFile(t.app, org.users.viewer.client, url, { "if-none-match": current.headers.etag });
    expect(again.status).toBe(304);
  });

  it("gets a new URL when replaced", async () => {
    const first = (await admin().get(settingsUrl(org.organizationId))).body.logoUrl as string;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const replaced = await putImage(admin(), logoUrl(org.organizationId), {
      fileName: "new.webp",
      data: await solidImage("webp"),
    });
    expect(replaced.body.logoUrl).not.toBe(first);
    const served = await getFile(t.app, admin(), replaced.body.logoUrl);
    expect(served.headers["content-type"]).toBe("image/webp");
  });

  it("can be removed; then there is none to serve", async () => {
    const removed = await admin().delete(logoUrl(org.organizationId));
    expect(removed.status).toBe(204);
    expect((await admin().get(settingsUrl(org.organizationId))).body.logoUrl).toBeNull();
    expect((await getFile(t.app, admin(), logoUrl(org.organizationId))).status).toBe(404);
    const me = await org.users.viewer.client.get("/api/me");
    expect(me.body.organizations[0].logoUrl).toBeNull();
    expect((await admin().delete(logoUrl(org.organizationId))).status).toBe(204);
  });
});

describe("live updates", () => {
  it("tells every member's screen when the settings are saved or a logo arrives", async () => {
    const stream = await listen(t.app, org.organizationId, org.users.viewer);
    await save({ timezone: "Europe/Paris" });
    expect(await stream.nextChange()).toEqual({ entity: "organization", id: org.organizationId, action: "updated" });
    await putImage(admin(), logoUrl(org.organizationId), { fileName: "live.png", data: await solidImage("png") });
    expect(await stream.nextChange()).toEqual({ entity: "organization", id: org.organizationId, action: "updated" });
    await admin().delete(logoUrl(org.organizationId));
    expect(await stream.nextChange()).toEqual({ entity: "organization", id: org.organizationId, action: "updated" });
  });

  it("says nothing when a refused change is tried", async () => {
    const stream = await listen(t.app, org.organizationId, org.users.viewer);
    expect((await save({ timezone: "Nowhere" })).status).toBe(400);
    expect((await save({}, org.users.editor.client)).status).toBe(403);
    expect(
      (await putImage(admin(), logoUrl(org.organizationId), { fileName: "x.png", data: Buffer.from("x") })).status,
    ).toBe(400);
    await expect(stream.nextChange(500)).rejects.toThrow(/no frame/);
  });
});
