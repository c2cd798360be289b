import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationDeliveries } from "../../src/db/schema/index.ts";
import { createDeliveryJob } from "../../src/jobs/notification-delivery.ts";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { startSmtpInbox, type SmtpInbox } from "../helpers/smtp-inbox.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createRule, deliveriesUrl, muteUrl, rulesUrl, startReceiver } from "./support.ts";

let t: TestApp;
let inbox: SmtpInbox;
let org: OrgWithRoles;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  // The test receivers listen on 127.0.0.1, which Flowdeck calls only when the operator allows it.
  t = await createTestApp({ env: { OUTBOUND_ALLOW: "127.0.0.1/32", SMTP_URL: `${inbox.url}?ignoreTLS=true` } });
  org = await createOrgWithRoles(t.app);
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

const job = () =>
  createDeliveryJob({ db: t.app.db, mailer: t.app.mailer, outbound: t.app.outbound, appUrl: "http://localhost:3000" });

/** Checks a Flowdeck-Signature header the way a receiver would. */
function verify(header: string | undefined, body: string, secret: string) {
  const parts = Object.fromEntries((header ?? "").split(",").map((part) => part.split("=") as [string, string]));
  const expected = createHmac("sha256", secret).update(`${parts.t}.${body}`).digest("hex");
  return parts.v1 === expected && Math.abs(Date.now() / 1000 - Number(parts.t)) < 300;
}

describe("webhooks", () => {
  it("sends a JSON body signed with the rule's secret, which is answered once and never again", async () => {
    const receiver = await startReceiver([200]);
    try {
      const rule = await createRule(org.users.admin.client, org.organizationId, {
        name: "Chat hook",
        emailRoles: [],
        webhookUrl: receiver.url,
      });
      expect(rule.webhookSecret).toMatch(/^whsec_/);
      expect(rule.webhook).toEqual({ url: receiver.url, secretSet: true });
      const listed = await org.users.admin.client.get(rulesUrl(org.organizationId));
      expect(JSON.stringify(listed.body)).not.toContain(rule.webhookSecret);
      // Saving again without a secret keeps it, and does not answer it.
      const saved = await org.users.admin.client.put(rulesUrl(org.organizationId, `/${rule.id}`), {
        name: "Chat hook",
        events: ["run.failed"],
        webhookUrl: receiver.url,
      });
      expect(saved.status).toBe(200);
      expect(saved.body).not.toHaveProperty("webhookSecret");

      const test = await org.users.admin.client.post(rulesUrl(org.organizationId, `/${rule.id}/test`));
      expect(test.body).toEqual({ queued: 1 });
      expect(await job().tick()).toEqual({ attempted: 1 });
      expect(receiver.calls).toHaveLength(1);
      const call = receiver.calls[0]!;
      expect(call.headers["content-type"]).toBe("application/json");
      expect(call.headers["flowdeck-event"]).toBe("test");
      expect(verify(call.headers["flowdeck-signature"] as string, call.body, rule.webhookSecret)).toBe(true);
      expect(verify(call.headers["flowdeck-signature"] as string, call.body, "another-secret-entirely")).toBe(false);
      expect(JSON.parse(call.body)).toMatchObject({
        event: "test",
        organization: { id: org.organizationId, name: "Acme Operations" },
        rule: { id: rule.id, name: "Chat hook" },
      });
    } finally {
      await receiver.close();
    }
  });

  it("retries a failing endpoint with backoff, logs every attempt, and gives up after a day", async () => {
    const receiver = await startReceiver([500, 503, 200]);
    try {
      const rule = await createRule(org.users.owner.client, org.organizationId, {
        name: "Flaky hook",
        emailRoles: [],
        webhookUrl: receiver.url,
        webhookSecret: "a-secret-of-my-own-choosing",
      });
      expect(rule.webhookSecret).toBe("a-secret-of-my-own-choosing");
      await org.users.owner.client.post(rulesUrl(org.organizationId, `/${rule.id}/test`));
      const start = new Date(Date.now() + 1_000);
      const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
      await job().tick(at(0)); // 500
      expect(await job().tick(at(10))).toEqual({ attempted: 0 }); // not yet: the first retry waits 30 s
      await job().tick(at(31)); // 503, then waits 60 s
      expect(await job().tick(at(60))).toEqual({ attempted: 0 });
      await job().tick(at(92)); // 200
      expect(receiver.calls).toHaveLength(3);
      for (const call of receiver.calls) {
        expect(verify(call.headers["flowdeck-signature"] as string, call.body, "a-secret-of-my-own-choosing")).toBe(
          true,
        );
      }

      const log = await org.users.owner.client.get(deliveriesUrl(org.organizationId));
      const delivery = log.body.items.find((item: { ruleId: string }) => item.ruleId === rule.id);
      expect(delivery).toMatchObject({ channel: "webhook", target: receiver.url, status: "delivered", event: "test" });
      expect(delivery.attempts.map((a: { responseStatus: number; ok: boolean }) => [a.responseStatus, a.ok])).toEqual([
        [500, false],
        [503, false],
        [200, true],
      ]);
      expect(JSON.stringify(log.body)).not.toContain("a-secret-of-my-own-choosing");

      // An endpoint that never answers well is retried for a day, then the delivery fails.
      await receiver.close();
      await org.users.owner.client.post(rulesUrl(org.organizationId, `/${rule.id}/test`));
      const [pending] = await t.app.db
        .select()
        .from(notificationDeliveries)
        .where(eq(notificationDeliveries.status, "pending"));
      let now = new Date(pending!.createdAt.getTime() + 1_000);
      for (let attempt = 0; attempt < 30; attempt++) {
        await job().tick(now);
        const [row] = await t.app.db
          .select()
          .from(notificationDeliveries)
          .where(eq(notificationDeliveries.id, pending!.id));
        if (row!.status !== "pending") break;
        now = row!.nextAttemptAt;
      }
      const [failed] = await t.app.db
        .select()
        .from(notificationDeliveries)
        .where(eq(notificationDeliveries.id, pending!.id));
      expect(failed!.status).toBe("failed");
      expect(failed!.attemptCount).toBeGreaterThan(5);
      expect(failed!.finishedAt!.getTime() - failed!.createdAt.getTime()).toBeLessThanOrEqual(24 * 3600_000);
    } finally {
      await receiver.close().catch(() => {});
    }
  });

  it("fails a webhook at once when its rule was deleted before it was sent", async () => {
    const receiver = await startReceiver([200]);
    try {
      const rule = await createRule(org.users.admin.client, org.organizationId, {
        name: "Short-lived hook",
        emailRoles: [],
        webhookUrl: receiver.url,
      });
      await org.users.admin.client.post(rulesUrl(org.organizationId, `/${rule.id}/test`));
      expect((await org.users.admin.client.delete(rulesUrl(org.organizationId, `/${rule.id}`))).status).toBe(204);
      await job().tick();
      expect(receiver.calls).toHaveLength(0);
      const log = await org.users.admin.client.get(deliveriesUrl(org.organizationId));
      const delivery = log.body.items.find((item: { summary: string }) => item.summary.includes("Short-lived hook"));
      expect(delivery).toMatchObject({ status: "failed", ruleId: null, nextAttemptAt: null });
      expect(delivery.attempts).toEqual([expect.objectContaining({ ok: false, error: "The rule was deleted" })]);
    } finally {
      await receiver.close();
    }
  });

  it("refuses webhook URLs that are not http or https", async () => {
    for (const webhookUrl of ["file:///etc/passwd", "gopher://127.0.0.1:70/", "javascript:alert(1)", "not a url"]) {
      const response = await org.users.admin.client.post(rulesUrl(org.organizationId), {
        name: "Bad",
        events: ["run.failed"],
        webhookUrl,
      });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe("Please enter a webhook URL starting with http:// or https://");
    }
  });
});

describe("mail", () => {
  it("reaches the members the rule names, except those who muted the organization", async () => {
    const rule = await createRule(org.users.owner.client, org.organizationId, {
      name: "Admins and the editor",
      emailRoles: ["admin", "owner"],
      emailUserIds: [org.users.editor.id],
    });
    const muted = await org.users.owner.client.put(muteUrl(org.organizationId), { muted: true });
    expect(muted.body).toEqual({ muted: true });
    const profile = await org.users.owner.client.get("/api/profile/notification-mutes");
    expect(profile.body.items).toEqual([expect.objectContaining({ organizationId: org.organizationId, muted: true })]);

    const test = await org.users.admin.client.post(rulesUrl(org.organizationId, `/${rule.id}/test`));
    expect(test.body).toEqual({ queued: 2 }); // the admin and the editor; the owner muted it
    await job().tick();
    for (const user of [org.users.admin, org.users.editor]) {
      const mail = await inbox.waitFor((m) => m.recipients.includes(user.email) && m.subject.includes("Admins and"));
      expect(mail.subject).toBe("[Acme Operations] Test notification (rule: Admins and the editor)");
      expect(mail.text).toContain("mute the organization on your profile: http://localhost:3000/profile");
    }
    expect(inbox.messages.some((m) => m.recipients.includes(org.users.owner.email))).toBe(false);

    const log = await org.users.admin.client.get(deliveriesUrl(org.organizationId));
    const mails = log.body.items.filter((item: { ruleId: string }) => item.ruleId === rule.id);
    expect(mails.map((item: { target: string }) => item.target).sort()).toEqual(
      [org.users.admin.email, org.users.editor.email].sort(),
    );
    expect(mails.every((item: { status: string }) => item.status === "delivered")).toBe(true);
    expect(mails.flatMap((item: { attempts: unknown[] }) => item.attempts)).toEqual([
      expect.objectContaining({ ok: true, outbox: false }),
      expect.objectContaining({ ok: true, outbox: false }),
    ]);

    await org.users.owner.client.put(muteUrl(org.organizationId), { muted: false });
    expect((await org.users.admin.client.post(rulesUrl(org.organizationId, `/${rule.id}/test`))).body).toEqual({
      queued: 3,
    });
  });

  it("refuses recipients who are not members", async () => {
    const response = await org.users.admin.client.post(rulesUrl(org.organizationId), {
      name: "Stranger",
      events: ["run.failed"],
      emailUserIds: [org.users.outsider.id],
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe("E-mail recipients must be members of this organization");
  });
});

describe("mail without a mail server", () => {
  let local: TestApp;
  let team: OrgWithRoles;
  beforeAll(async () => {
    local = await createTestApp();
    team = await createOrgWithRoles(local.app);
  });
  afterAll(() => local.close());

  it("logs a mail written to the outbox as such, not as received", async () => {
    const rule = await createRule(team.users.owner.client, team.organizationId, {
      name: "Admins by outbox",
      emailRoles: ["admin"],
    });
    const before = await team.users.admin.client.get(deliveriesUrl(team.organizationId));
    expect(before.body.items).toEqual([]);
    await team.users.admin.client.post(rulesUrl(team.organizationId, `/${rule.id}/test`));
    const queued = await team.users.admin.client.get(deliveriesUrl(team.organizationId));
    expect(queued.body.items).toEqual([expect.objectContaining({ status: "pending", attempts: [] })]);

    const tick = createDeliveryJob({
      db: local.app.db,
      mailer: local.app.mailer,
      outbound: local.app.outbound,
      appUrl: "http://localhost:3000",
    }).tick;
    expect(await tick()).toEqual({ attempted: 1 });
    const log = await team.users.admin.client.get(deliveriesUrl(team.organizationId));
    expect(log.body.items).toEqual([
      expect.objectContaining({
        channel: "email",
        target: team.users.admin.email,
        status: "delivered",
        attempts: [expect.objectContaining({ ok: true, outbox: true })],
      }),
    ]);
  });
});
