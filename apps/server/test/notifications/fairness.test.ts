import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { NOTIFICATION_LIMITS } from "@flowdeck/shared/notifications/constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDeliveryJob } from "../../src/jobs/notification-delivery.ts";
import { TEST_WEBHOOK_TIMEOUT_MS } from "../../src/modules/notifications/send-webhook.ts";
import { registerOwner } from "../helpers/factories.ts";
import { waitUntil } from "../helpers/sse-client.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createRule, deliveriesUrl, rulesUrl, startReceiver } from "./support.ts";

// One organization's notifications never hold another's back (issue 27): organizations take turns
// in each pass, a pass sends its deliveries at once, and Send test waits briefly and is limited.

let t: TestApp;
let hanging: { server: Server; url: string; sockets: Set<Socket> };
beforeAll(async () => {
  t = await createTestApp({ env: { OUTBOUND_ALLOW: "127.0.0.1/32" } });
  const sockets = new Set<Socket>();
  // Takes every call and never answers it.
  const server = createServer(() => {});
  server.on("connection", (socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  hanging = { server, sockets, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` };
});
afterAll(async () => {
  for (const socket of hanging.sockets) socket.destroy();
  await new Promise((resolve) => hanging.server.close(resolve));
  await t.close();
});

const job = () =>
  createDeliveryJob({ db: t.app.db, mailer: t.app.mailer, outbound: t.app.outbound, appUrl: "http://localhost:3000" });

describe("notification delivery between organizations", () => {
  it("sends another organization's webhook at once while twenty Send tests hang", async () => {
    const a = await registerOwner(t.app, { organizationName: "Org A" });
    for (let rule = 0; rule < 4; rule++) {
      const { id } = await createRule(a.client, a.organizationId, {
        name: `Hanging ${rule}`,
        emailRoles: [],
        webhookUrl: hanging.url,
      });
      for (let test = 0; test < NOTIFICATION_LIMITS.testsPerRuleMinute; test++) {
        expect((await a.client.post(rulesUrl(a.organizationId, `/${id}/test`))).status).toBe(202);
      }
    }

    const b = await registerOwner(t.app, { organizationName: "Org B" });
    const receiver = await startReceiver([200]);
    try {
      const rule = await createRule(b.client, b.organizationId, {
        name: "Healthy",
        emailRoles: [],
        webhookUrl: receiver.url,
      });
      await b.client.post(rulesUrl(b.organizationId, `/${rule.id}/test`));

      const started = Date.now();
      const pass = job().tick();
      await waitUntil(async () => receiver.calls.length === 1, TEST_WEBHOOK_TIMEOUT_MS, "org B's webhook");
      expect(Date.now() - started).toBeLessThan(TEST_WEBHOOK_TIMEOUT_MS);

      // Org A's share of the pass was ten (half), given up on after the Send test's short wait.
      expect(await pass).toEqual({ attempted: 11 });
      expect(Date.now() - started).toBeLessThan(TEST_WEBHOOK_TIMEOUT_MS + 2_000);
      const log = await a.client.get(deliveriesUrl(a.organizationId));
      const attempted = log.body.items.filter((item: { attempts: unknown[] }) => item.attempts.length > 0);
      expect(attempted).toHaveLength(10);
      expect(attempted[0].attempts[0]).toMatchObject({ ok: false, error: "No answer within 3 s" });
    } finally {
      await receiver.close();
    }
  });

  it("limits Send test per rule, with Retry-After", async () => {
    const owner = await registerOwner(t.app);
    const rule = await createRule(owner.client, owner.organizationId, { name: "Often tested" });
    const other = await createRule(owner.client, owner.organizationId, { name: "Another" });
    const test = (id: string) => owner.client.post(rulesUrl(owner.organizationId, `/${id}/test`));
    for (let i = 0; i < NOTIFICATION_LIMITS.testsPerRuleMinute; i++) expect((await test(rule.id)).status).toBe(202);
    const refused = await test(rule.id);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await test(other.id)).status).toBe(202);
  });
});
