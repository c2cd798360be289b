import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerOwner } from "./helpers/factories.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

// Malformed input of every kind, to every route: the answer may be any 4xx, never a 5xx.

let t: TestApp;
let owner: Awaited<ReturnType<typeof registerOwner>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app);
});
afterAll(() => t.close());

const deep = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const NUL = "a\u0000b";
const HUGE = "x".repeat(200_000);

/** Raw JSON texts sent as application/json bodies. */
const BODIES: ReadonlyArray<[string, string]> = [
  ["malformed JSON", '{"name": '],
  ["deep array nesting", deep(5_000)],
  ["deep object nesting", '{"a":'.repeat(2_000) + "1" + "}".repeat(2_000)],
  ["NUL bytes", JSON.stringify({ name: NUL, email: NUL, description: NUL, command: NUL, password: NUL, code: NUL })],
  ["NUL key", JSON.stringify({ [NUL]: 1 })],
  ["huge strings", JSON.stringify({ name: HUGE, email: HUGE, description: HUGE, title: HUGE, domain: HUGE })],
  ["wrong types", JSON.stringify({ name: 1, email: [], amount: "1e3", role: { a: 1 }, steps: "x", schedule: 7 })],
  ["odd numbers", JSON.stringify({ amount: 1e308, page: -1, limit: 1e9, position: 1.5 })],
  ["array", "[]"],
  ["string", '"text"'],
  ["number", "42"],
  ["null", "null"],
  ["prototype poisoning", '{"__proto__": {"admin": true}, "constructor": {"prototype": {}}}'],
];

const QUERIES = [
  "?page=-1&limit=1e99",
  "?search=%00%ff&status=%00",
  `?search=${"q".repeat(5_000)}`,
  "?page=abc&sort=;drop",
];

function concreteUrl(url: string): string {
  return url
    .replace(":orgId", owner.organizationId)
    .replace(/:[a-zA-Z]+/g, "00000000-0000-4000-8000-000000000000")
    .replace("*", "x");
}

describe("malformed input never gives a 5xx", () => {
  it("every route with a body, every malformed body", async () => {
    const routes = t.app.registeredRoutes.filter((route) => ["POST", "PUT", "PATCH", "DELETE"].includes(route.method));
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      for (const [what, payload] of BODIES) {
        const response = await owner.client.request({
          method: route.method as "POST",
          url: concreteUrl(route.url),
          payload,
          headers: { "content-type": "application/json" },
        });
        expect({ route: `${route.method} ${route.url}`, what, status: response.status < 500 }).toEqual({
          route: `${route.method} ${route.url}`,
          what,
          status: true,
        });
      }
    }
  });

  it("every GET route, with odd query strings", async () => {
    const routes = t.app.registeredRoutes.filter((route) => route.method === "GET" && !route.url.endsWith("/events"));
    for (const route of routes) {
      for (const query of QUERIES) {
        const response = await owner.client.get(concreteUrl(route.url) + query);
        expect({ route: route.url, query, status: response.status < 500 }).toEqual({
          route: route.url,
          query,
          status: true,
        });
      }
    }
  });
});
