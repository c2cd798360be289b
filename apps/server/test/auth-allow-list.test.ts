import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_ENDPOINTS } from "../src/modules/auth/auth-endpoints.ts";
import { registerOwner } from "./helpers/factories.ts";
import { TestClient } from "./helpers/http-client.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Endpoint = { path: string; methods: string[] };

/** Every endpoint better-auth itself offers, as it describes them. */
function betterAuthEndpoints(): Endpoint[] {
  return Object.values(t.app.auth.api as Record<string, { path?: string; options?: { method?: string | string[] } }>)
    .filter((endpoint) => typeof endpoint.path === "string")
    .map((endpoint) => ({ path: endpoint.path!, methods: [endpoint.options?.method ?? "GET"].flat() }));
}

/** "/callback/:id" and "/callback/:provider" are one endpoint. */
const key = (method: string, path: string) => `${method} ${path.replace(/:[a-z]+/gi, ":param")}`;
const allowed = new Set(AUTH_ENDPOINTS.map((endpoint) => key(endpoint.method, endpoint.path)));
/** "/two-factor/*" allows everything below /two-factor/. */
const allowedPrefixes = AUTH_ENDPOINTS.filter((endpoint) => endpoint.path.endsWith("/*")).map((endpoint) =>
  key(endpoint.method, endpoint.path.slice(0, -1)),
);
const isAllowed = (method: string, path: string) =>
  allowed.has(key(method, path)) || allowedPrefixes.some((prefix) => key(method, path).startsWith(prefix));

describe("only the auth endpoints Flowdeck uses answer", () => {
  it("every other better-auth endpoint is 404, signed out and signed in", async () => {
    const owner = await registerOwner(t.app);
    const endpoints = betterAuthEndpoints();
    expect(endpoints.length).toBeGreaterThan(20);
    let refused = 0;
    for (const { path, methods } of endpoints) {
      for (const method of methods) {
        if (isAllowed(method, path)) continue;
        const url = `/api/auth${path.replace(/:[a-z]+/gi, "x")}`;
        for (const client of [new TestClient(t.app), owner.client]) {
          const response = await client.request({
            method: method as "GET",
            url,
            payload: method === "GET" ? undefined : {},
          });
          expect({ method, url, status: response.status }).toEqual({ method, url, status: 404 });
          refused++;
        }
      }
    }
    expect(refused).toBeGreaterThan(20);
  });

  it("profile changes do not go around Flowdeck's rules through update-user", async () => {
    const owner = await registerOwner(t.app);
    const response = await owner.client.post("/api/auth/update-user", { name: "x".repeat(900_000) });
    expect(response.status).toBe(404);
    const me = await owner.client.get<{ user: { displayName: string | null } }>("/api/me");
    expect(me.status).toBe(200);
    expect(me.body.user.displayName ?? "").not.toContain("xxxx");
  });

  it("the allowed endpoints are served: sign-in, session and sign-out", async () => {
    const owner = await registerOwner(t.app);
    expect((await owner.client.get("/api/auth/get-session")).status).toBe(200);
    expect((await owner.client.post("/api/auth/sign-out", {})).status).toBe(200);
    expect((await owner.client.get("/api/me")).status).toBe(401);
  });

  it("routes the two-factor endpoints to better-auth, not to the 404", () => {
    for (const method of ["GET", "POST"] as const) {
      expect(t.app.hasRoute({ method, url: "/api/auth/two-factor/*" })).toBe(true);
    }
    expect(isAllowed("POST", "/two-factor/enable")).toBe(true);
    expect(isAllowed("POST", "/update-user")).toBe(false);
  });
});
