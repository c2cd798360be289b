import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

/** Who may read GET /metrics, and where: METRICS_TOKEN (bearer) and METRICS_PORT (a listener of its own). */
const TOKEN = "metrics-token-for-the-tests-0123456789";
const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((t) => t.close()));
});

async function app(env: Record<string, string> = {}) {
  const t = await createTestApp({ env, listen: true });
  apps.push(t);
  return t;
}

const urlOf = (server: { address: () => unknown }) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

async function scrape(base: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}/metrics`, { headers });
  return { status: response.status, type: response.headers.get("content-type"), text: await response.text() };
}

describe("GET /metrics", () => {
  it("is served on the app's port in the Prometheus text format when nothing is configured", async () => {
    const t = await app();
    const answer = await scrape(urlOf(t.app.server));
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.text).toContain("# TYPE flowdeck_http_requests_total counter");
  });

  it("with METRICS_TOKEN, refuses a missing or wrong bearer token (401) and accepts the right one", async () => {
    const base = urlOf((await app({ METRICS_TOKEN: TOKEN })).app.server);
    const missing = await scrape(base);
    expect(missing.status).toBe(401);
    expect(JSON.parse(missing.text).error.message).toContain("METRICS_TOKEN");
    expect(missing.text).not.toContain("flowdeck_");
    for (const authorization of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `Basic ${TOKEN}`, TOKEN]) {
      const wrong = await scrape(base, { authorization });
      expect(wrong.status, authorization).toBe(401);
      expect(wrong.text).not.toContain(TOKEN);
    }
    const right = await scrape(base, { authorization: `Bearer ${TOKEN}` });
    expect(right.status).toBe(200);
    expect(right.text).toContain("flowdeck_runs_queued");
  });

  it("with METRICS_PORT, is served on that port only: the public port answers 404", async () => {
    const t = await app({ METRICS_PORT: "0", METRICS_TOKEN: TOKEN });
    expect(t.app.metricsServer).not.toBeNull();
    const metricsBase = urlOf(t.app.metricsServer!.server);
    const publicBase = urlOf(t.app.server);
    expect(metricsBase).not.toBe(publicBase);
    expect((await scrape(publicBase, { authorization: `Bearer ${TOKEN}` })).status).toBe(404);
    expect((await scrape(metricsBase)).status).toBe(401);
    const served = await scrape(metricsBase, { authorization: `Bearer ${TOKEN}` });
    expect(served.status).toBe(200);
    // The public port's refused scrape was counted, under its route pattern.
    expect(served.text).toMatch(/flowdeck_http_requests_total\{route="\/metrics",method="GET",status="404"\} 1/);
  });

  it("stops start-up on a bad METRICS_PORT or METRICS_TOKEN, naming the variable", () => {
    const base = { BETTER_AUTH_SECRET: "x".repeat(32), DATA_DIR: "/tmp/flowdeck-config-test", PORT: "3000" };
    expect(() => loadConfig({ ...base, METRICS_PORT: "70000" })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ ...base, METRICS_PORT: "3000" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, METRICS_PORT: "3000" })).toThrow(/METRICS_PORT: must differ from PORT/);
    expect(() => loadConfig({ ...base, METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN: must be at least 16/);
    expect(loadConfig({ ...base, METRICS_PORT: "9464", METRICS_TOKEN: TOKEN }).metrics).toEqual({
      port: 9464,
      token: TOKEN,
    });
  });
});
