import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { notificationRules } from "../../src/db/schema/index.ts";
import { createDeliveryJob } from "../../src/jobs/notification-delivery.ts";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createRule, deliveriesUrl, rulesUrl, startReceiver } from "./support.ts";

// The server calls only addresses the operator allows (decision 055): every form of an internal
// address is refused when a rule is saved and again when a webhook is sent.

/** Every way of writing an internal address the security review tried, and the ranges around them. */
const INTERNAL_URLS = [
  "http://127.0.0.1/hook",
  "http://localhost/hook",
  "http://api.localhost/hook",
  "http://[::1]/hook",
  "http://127.1/hook",
  "http://2130706433/hook",
  "http://0x7f.0.0.1/hook",
  "http://0177.0.0.1/hook",
  "http://[::ffff:127.0.0.1]/hook",
  "http://169.254.169.254/latest/meta-data/",
  "http://[fd00:ec2::254]/latest/meta-data/",
  "http://[fe80::1]/hook",
  "http://10.0.0.1/hook",
  "http://172.16.5.4/hook",
  "http://192.168.1.1/hook",
  "http://100.64.0.1/hook",
  "http://[fc00::1]/hook",
  "http://0.0.0.0/hook",
  "http://[::]/hook",
  "http://224.0.0.1/hook",
  "http://[ff02::1]/hook",
  "http://[::ffff:169.254.169.254]/hook",
  "http://[::ffff:10.0.0.1]/hook",
  "http://127.0.0.1:5432/",
];

/** DNS for these tests: one public-looking name that points at this machine. */
const resolveHost = async (hostname: string) => {
  if (hostname === "rebound.example.com") return [{ address: "127.0.0.1", family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
};

let t: TestApp;
let org: OrgWithRoles;
beforeAll(async () => {
  t = await createTestApp({ resolveHost });
  org = await createOrgWithRoles(t.app);
});
afterAll(() => t.close());

const admin = () => org.users.admin.client;
const job = (app = t.app) =>
  createDeliveryJob({ db: app.db, mailer: app.mailer, outbound: app.outbound, appUrl: "http://localhost:3000" });

/** The delivery log's entry of the rule's last Send test. */
async function lastDelivery(orgId: string, ruleId: string, client = admin()) {
  const log = await client.get(deliveriesUrl(orgId));
  return log.body.items.find((item: { ruleId: string }) => item.ruleId === ruleId);
}

/** A rule with a public webhook URL, then moved to `url` in the database: a rule saved before the check. */
async function ruleCallingDirectly(url: string) {
  const rule = await createRule(admin(), org.organizationId, {
    name: "Old hook",
    emailRoles: [],
    webhookUrl: "https://hooks.example.com/flowdeck",
  });
  await t.app.db.update(notificationRules).set({ webhookUrl: url }).where(eq(notificationRules.id, rule.id));
  return rule;
}

describe("saving a webhook rule", () => {
  it.each(INTERNAL_URLS)("refuses %s with 400 and why", async (webhookUrl) => {
    const response = await admin().post(rulesUrl(org.organizationId), {
      name: "Probe",
      events: ["run.failed"],
      webhookUrl,
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toMatch(/^Flowdeck does not call internal addresses \(this URL is .+\); /);
    expect(response.body.error.fields.webhookUrl).toBe(response.body.error.message);
  });

  it("refuses a URL with a user name or password", async () => {
    const response = await admin().post(rulesUrl(org.organizationId), {
      name: "Probe",
      events: ["run.failed"],
      webhookUrl: "https://bot:hunter2@hooks.example.com/flowdeck",
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toMatch(/leave the user name and password out/);
  });

  it("takes a public name without looking it up, and refuses an internal one on edit too", async () => {
    const rule = await createRule(admin(), org.organizationId, {
      name: "Public",
      emailRoles: [],
      webhookUrl: "https://hooks.example.com/flowdeck",
    });
    const moved = await admin().put(rulesUrl(org.organizationId, `/${rule.id}`), {
      name: "Public",
      events: ["run.failed"],
      webhookUrl: "http://169.254.169.254/latest/meta-data/",
    });
    expect(moved.status).toBe(400);
  });

  it("makes a new signing secret when the URL moves to another host, and refuses the old one typed again", async () => {
    const rule = await createRule(admin(), org.organizationId, {
      name: "Moving",
      emailRoles: [],
      webhookUrl: "https://hooks.example.com/flowdeck",
    });
    const put = (body: Record<string, unknown>) =>
      admin().put(rulesUrl(org.organizationId, `/${rule.id}`), { name: "Moving", events: ["run.failed"], ...body });

    const samePlace = await put({ webhookUrl: "https://hooks.example.com/other-path" });
    expect(samePlace.status).toBe(200);
    expect(samePlace.body).not.toHaveProperty("webhookSecret");

    const oldSecret = await put({
      webhookUrl: "https://collector.example.net/flowdeck",
      webhookSecret: rule.webhookSecret,
    });
    expect(oldSecret.status).toBe(400);
    expect(oldSecret.body.error.fields.webhookSecret).toMatch(/needs a new signing secret/);

    const elsewhere = await put({ webhookUrl: "https://collector.example.net/flowdeck" });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.webhookSecret).toMatch(/^whsec_/);
    expect(elsewhere.body.webhookSecret).not.toBe(rule.webhookSecret);
  });
});

describe("sending a webhook", () => {
  it.each(INTERNAL_URLS)("does not call %s, and logs it as refused without retrying", async (url) => {
    const rule = await ruleCallingDirectly(url);
    await admin().post(rulesUrl(org.organizationId, `/${rule.id}/test`));
    expect(await job().tick()).toEqual({ attempted: 1 });
    const delivery = await lastDelivery(org.organizationId, rule.id);
    expect(delivery).toMatchObject({ status: "failed", nextAttemptAt: null });
    expect(delivery.attempts).toEqual([
      expect.objectContaining({ ok: false, responseStatus: null, error: "refused: internal address" }),
    ]);
  });

  it("does not call a public-looking name that resolves to 127.0.0.1", async () => {
    const receiver = await startReceiver([200]);
    try {
      const port = new URL(receiver.url).port;
      const rule = await createRule(admin(), org.organizationId, {
        name: "Rebinding",
        emailRoles: [],
        webhookUrl: `http://rebound.example.com:${port}/hooks/flowdeck`,
      });
      await admin().post(rulesUrl(org.organizationId, `/${rule.id}/test`));
      await job().tick();
      expect(receiver.calls).toHaveLength(0);
      const delivery = await lastDelivery(org.organizationId, rule.id);
      expect(delivery.attempts[0]).toMatchObject({ ok: false, error: "refused: internal address" });
    } finally {
      await receiver.close();
    }
  });
});

describe("OUTBOUND_ALLOW", () => {
  let allowed: TestApp;
  let allowedOrg: OrgWithRoles;
  beforeAll(async () => {
    allowed = await createTestApp({ env: { OUTBOUND_ALLOW: "127.0.0.1/32" }, resolveHost });
    allowedOrg = await createOrgWithRoles(allowed.app);
  });
  afterAll(() => allowed.close());

  it("lets the operator's receiver on 127.0.0.1 through, by address and by a name resolving there", async () => {
    const receiver = await startReceiver([200]);
    try {
      const port = new URL(receiver.url).port;
      for (const webhookUrl of [receiver.url, `http://rebound.example.com:${port}/hooks/flowdeck`]) {
        const rule = await createRule(allowedOrg.users.admin.client, allowedOrg.organizationId, {
          name: "On premises",
          emailRoles: [],
          webhookUrl,
        });
        await allowedOrg.users.admin.client.post(rulesUrl(allowedOrg.organizationId, `/${rule.id}/test`));
        await job(allowed.app).tick();
        const delivery = await lastDelivery(allowedOrg.organizationId, rule.id, allowedOrg.users.admin.client);
        expect(delivery.status).toBe("delivered");
      }
      expect(receiver.calls).toHaveLength(2);
    } finally {
      await receiver.close();
    }
  });

  it("still refuses what it does not name", async () => {
    const response = await allowedOrg.users.admin.client.post(rulesUrl(allowedOrg.organizationId), {
      name: "Probe",
      events: ["run.failed"],
      webhookUrl: "http://127.0.0.2:5432/",
    });
    expect(response.status).toBe(400);
  });

  it("follows no redirect: a 302 is the answer", async () => {
    let redirectedTo = 0;
    const target = createServer((_request, response) => {
      redirectedTo++;
      response.end("ok");
    });
    await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
    const redirecting = createServer((_request, response) => {
      response.statusCode = 302;
      response.setHeader("location", `http://127.0.0.1:${(target.address() as AddressInfo).port}/`);
      response.end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, "127.0.0.1", resolve));
    try {
      const rule = await createRule(allowedOrg.users.admin.client, allowedOrg.organizationId, {
        name: "Redirecting",
        emailRoles: [],
        webhookUrl: `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/`,
      });
      await allowedOrg.users.admin.client.post(rulesUrl(allowedOrg.organizationId, `/${rule.id}/test`));
      await job(allowed.app).tick();
      const delivery = await lastDelivery(allowedOrg.organizationId, rule.id, allowedOrg.users.admin.client);
      expect(delivery.attempts[0]).toMatchObject({ ok: false, responseStatus: 302, error: "HTTP 302" });
      expect(redirectedTo).toBe(0);
    } finally {
      await new Promise((resolve) => redirecting.close(resolve));
      await new Promise((resolve) => target.close(resolve));
    }
  });

  it("stops start-up on an entry that is neither a host, an address nor a range", () => {
    expect(() => loadConfig({ OUTBOUND_ALLOW: "10.0.0.0/8, not a host!", BETTER_AUTH_SECRET: "x".repeat(32) })).toThrow(
      /OUTBOUND_ALLOW: "not a host!" is not a host name/,
    );
  });
});
