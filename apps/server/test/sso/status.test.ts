import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { connectionBody, freshDomain, registerOwnerOnDomain, ssoUrl, testResolveTxt } from "./sso-support.ts";

// GET /api/auth/sso/status (decision 076): whether the login page asks for the address first.
// Public, and one yes or no for the whole instance: nothing about which organization or domain.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ resolveTxt: testResolveTxt });
});
afterAll(async () => {
  await t.close();
});

const status = () => t.app.inject({ method: "GET", url: "/api/auth/sso/status" });

describe("whether single sign-on is in use", () => {
  it("says no while no organization can sign in through a provider", async () => {
    const response = await status();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ enabled: false });

    // A connection whose only domain waits for its DNS record signs no one in yet.
    const owner = await registerOwnerOnDomain(t.app);
    const waiting = await owner.client.put(ssoUrl(owner.organizationId), connectionBody({ domains: [freshDomain()] }));
    expect(waiting.status, JSON.stringify(waiting.body)).toBe(200);
    expect((await status()).json()).toEqual({ enabled: false });
  });

  it("says yes, and nothing more, once a domain is verified", async () => {
    const owner = await registerOwnerOnDomain(t.app);
    const saved = await owner.client.put(ssoUrl(owner.organizationId), connectionBody({ domains: [owner.domain] }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const response = await status();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ enabled: true });
    expect(response.body).not.toContain(owner.domain);
    expect(response.body).not.toContain("idp.example.com");
    expect(response.headers["set-cookie"]).toBeUndefined();
  });
});
