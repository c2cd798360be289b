import { ERROR_STATUS, MESSAGES } from "@flowdeck/shared";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { organizations } from "../src/db/schema/index.ts";
import { createUser, registerOwner, TEST_PASSWORD, type TestUser } from "./helpers/factories.ts";
import { TestClient, type TestResponse } from "./helpers/http-client.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t.app);
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

/** The one error shape: `{ error: { code, message } }` with a code from the table and its status. */
function expectErrorShape(response: TestResponse<any>, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  expect(Object.keys(response.body)).toEqual(["error"]);
  expect(response.body.error).toEqual({ code: expect.any(String), message: expect.any(String) });
  expect(Object.keys(ERROR_STATUS)).toContain(response.body.error.code);
  expect(JSON.stringify(response.body)).not.toMatch(/stack|\n\s+at |node_modules|\.ts:\d+/);
  return response.body.error as { code: string; message: string };
}

async function organizationsNamed(name: string) {
  return t.app.db.select().from(organizations).where(eq(organizations.name, name));
}

/** `origin: undefined` sends no Origin header at all (TestClient sends the app's by default). */
async function createOrganization(
  client: TestClient,
  name: string,
  headers: Record<string, string | undefined>,
): Promise<TestResponse<any>> {
  const request = { method: "POST", url: "/api/organizations", payload: JSON.stringify({ name }) } as const;
  if (!("origin" in headers) || headers.origin !== undefined) {
    return client.request<any>({ ...request, headers: { "content-type": "application/json", ...headers } });
  }
  const { origin: _origin, ...rest } = headers;
  const response = await t.app.inject({
    ...request,
    headers: { "content-type": "application/json", cookie: client.cookieHeader, ...rest } as Record<string, string>,
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

describe("state-changing /api requests accept only JSON (or multipart) bodies", () => {
  it.each([
    ["text/plain", JSON.stringify({ name: "Plain Text Org" })],
    ["application/x-www-form-urlencoded", "name=Form+Org"],
    ["application/json-patch+json", JSON.stringify({ name: "Patch Org" })],
  ])("refuses %s with 400 and creates nothing", async (contentType, payload) => {
    const response = await user.client.request<any>({
      method: "POST",
      url: "/api/organizations",
      payload,
      headers: { "content-type": contentType },
    });
    expect(expectErrorShape(response, 400)).toEqual({ code: "invalid-argument", message: MESSAGES.jsonOnly });
    expect((await user.client.get("/api/me")).body.organizations).toEqual([]);
  });

  it("checks the body type before anything else, signed in or not", async () => {
    const response = await new TestClient(t.app).request<any>({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: `email=${encodeURIComponent(user.email)}&password=${TEST_PASSWORD}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(expectErrorShape(response, 400).message).toBe(MESSAGES.jsonOnly);
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it("lets multipart through to the route (for uploads)", async () => {
    const response = await user.client.request<any>({
      method: "POST",
      url: "/api/organizations",
      payload: '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nMultipart Org\r\n--b--\r\n',
      headers: { "content-type": "multipart/form-data; boundary=b" },
    });
    // This route has no multipart parser, so it is refused, but not by the JSON-only guard.
    expect(expectErrorShape(response, response.status).message).not.toBe(MESSAGES.jsonOnly);
    expect(response.status).toBeGreaterThanOrEqual(400);
  });

  it("accepts JSON with a charset", async () => {
    const response = await createOrganization(user.client, "Charset Org", {
      "content-type": "application/json; charset=utf-8",
    });
    expect(response.status).toBe(201);
  });
});

describe("state-changing /api requests from another site are refused", () => {
  it.each([
    ["an Origin of another site", { origin: "https://evil.example" }],
    ["an Origin that differs only by port", { origin: "http://localhost:3001" }],
    ["an opaque Origin", { origin: "null" }],
    ["Sec-Fetch-Site: cross-site", { origin: undefined, "sec-fetch-site": "cross-site" }],
  ])("refuses %s with 403 and creates nothing", async (label, headers) => {
    const name = `Forged ${label}`;
    const response = await createOrganization(user.client, name, headers);
    expect(expectErrorShape(response, 403)).toEqual({ code: "permission-denied", message: MESSAGES.crossOrigin });
    expect(await organizationsNamed(name)).toHaveLength(0);
  });

  it("refuses a cross-site sign-in (login forgery) too", async () => {
    const client = new TestClient(t.app);
    const response = await client.request<any>({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email: user.email, password: TEST_PASSWORD },
      headers: { origin: "https://evil.example" },
    });
    expect(expectErrorShape(response, 403).code).toBe("permission-denied");
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it.each([
    ["the configured origin", { origin: "http://localhost:3000", "sec-fetch-site": "same-origin" }],
    ["the origin it is reached at", { origin: "http://flowdeck.internal:8080", host: "flowdeck.internal:8080" }],
    ["no Origin (a non-browser client)", { origin: undefined }],
  ])("accepts %s", async (label, headers) => {
    const name = `Allowed ${label}`;
    const response = await createOrganization(user.client, name, headers);
    expect(response.status).toBe(201);
    expect(await organizationsNamed(name)).toHaveLength(1);
  });

  it("cannot be dodged by spelling /api differently", async () => {
    for (const url of ["/%61pi/organizations", "/ap%69/organizations"]) {
      const response = await user.client.request<any>({
        method: "POST",
        url,
        payload: JSON.stringify({ name: "Encoded Org" }),
        headers: { "content-type": "text/plain", origin: "https://evil.example" },
      });
      expect(expectErrorShape(response, 404).code).toBe("not-found");
    }
    // Nor does the other spelling skip sign-in.
    expectErrorShape(await new TestClient(t.app).get("/%61pi/me"), 404);
    expect(await organizationsNamed("Encoded Org")).toHaveLength(0);
  });
});

describe("GET never changes state", () => {
  it("has no GET for /api/organizations: 404, and nothing is created", async () => {
    const before = await t.app.db.select().from(organizations);
    for (const url of ["/api/organizations", "/api/organizations?name=Sneaky"]) {
      const response = await user.client.get(url);
      expect([404, 405]).toContain(response.status);
      expectErrorShape(response, response.status);
    }
    const switched = await user.client.get(`/api/me/current-organization?organizationId=${before[0]?.id}`);
    expect([404, 405]).toContain(switched.status);
    expect(await t.app.db.select().from(organizations)).toHaveLength(before.length);
  });
});

describe("security headers", () => {
  it.each([
    ["a JSON answer", "/api/me", true],
    ["an error answer", "/api/me", false],
    ["a health check", "/healthz", false],
  ])("are set on %s", async (_label, url, signedIn) => {
    const response = signedIn ? await user.client.get(url) : await new TestClient(t.app).get(url);
    const headers = response.headers;
    const csp = String(headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-frame-options"] === "SAMEORIGIN" || csp.includes("frame-ancestors 'self'")).toBe(true);
    expect(headers["referrer-policy"]).toBe("no-referrer");
  });
});

describe("errors keep the JSON shape", () => {
  it("answers an unknown /api route with 401 when signed out and 404 when signed in", async () => {
    const signedOut = await new TestClient(t.app).get("/api/no-such-thing");
    expect(expectErrorShape(signedOut, 401)).toEqual({ code: "unauthenticated", message: MESSAGES.notSignedIn });
    for (const method of ["GET", "POST", "DELETE"] as const) {
      const signedIn = await user.client.request<any>({ method, url: "/api/no-such-thing" });
      expect(expectErrorShape(signedIn, 404)).toEqual({ code: "not-found", message: MESSAGES.notFound });
    }
  });

  it.each([
    ["cut short", '{"name":'],
    ["not JSON at all", "name: Acme"],
    ["a prototype-poisoning key", '{"name":"Acme","__proto__":{"admin":true}}'],
  ])("answers malformed JSON (%s) with 400 and no stack trace", async (_label, payload) => {
    const response = await user.client.request<any>({
      method: "POST",
      url: "/api/organizations",
      payload,
      headers: { "content-type": "application/json" },
    });
    expect(expectErrorShape(response, 400).code).toBe("invalid-argument");
  });

  it("answers a body over 1 MB with 413", async () => {
    const name = "x".repeat(1024 * 1024);
    const response = await createOrganization(user.client, name, {});
    expect(expectErrorShape(response, 413).code).toBe("invalid-argument");
    expect(await organizationsNamed(name)).toHaveLength(0);
  });

  it("shows the generic message for an unexpected server error, never its details", async () => {
    const secret = "connect ECONNREFUSED 10.1.2.3:5432 (user flowdeck_prod)";
    vi.spyOn(t.app.db, "transaction").mockRejectedValueOnce(new Error(secret));
    const response = await createOrganization(user.client, "Doomed Org", {});
    expect(expectErrorShape(response, 500)).toEqual({ code: "internal", message: MESSAGES.internal });
    expect(JSON.stringify(response.body)).not.toContain("ECONNREFUSED");
    expect(await organizationsNamed("Doomed Org")).toHaveLength(0);
  });

  it("hides the details of a thrown error that carries a non-error status", async () => {
    const failure = Object.assign(new TypeError("Cannot read properties of undefined (reading 'id')"), {
      statusCode: 200,
    });
    vi.spyOn(t.app.db, "transaction").mockRejectedValueOnce(failure);
    const response = await createOrganization(user.client, "Odd Org", {});
    expect(expectErrorShape(response, 500)).toEqual({ code: "internal", message: MESSAGES.internal });
  });
});

describe("values the database cannot store", () => {
  it("answers 400, not 500, for a NUL character in a name", async () => {
    const owner = await registerOwner(t.app);
    const response = await owner.client.post("/api/organizations", { name: "Night\u0000Shift" });
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({ code: "invalid-argument", message: MESSAGES.invalidValue });
  });
});
