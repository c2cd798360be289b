import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationDeliveries } from "../../src/db/schema/index.ts";
import { createDeliveryJob } from "../../src/jobs/notification-delivery.ts";
import { queueWeeklyReports, reportDueAt } from "../../src/modules/notifications/weekly-report.ts";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { startSmtpInbox, type SmtpInbox } from "../helpers/smtp-inbox.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createLinuxWorkflow, queueRun, registerRunner } from "../runners/runner-client.ts";
import { createRule, muteUrl } from "./support.ts";

let t: TestApp;
let inbox: SmtpInbox;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ env: { SMTP_URL: `${inbox.url}?ignoreTLS=true`, RUNNER_CLAIM_HOLD_SECONDS: "1" } });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

const deliveryJob = () =>
  createDeliveryJob({ db: t.app.db, mailer: t.app.mailer, outbound: t.app.outbound, appUrl: "http://localhost:3000" });
const settingsUrl = (orgId: string) => `/api/orgs/${orgId}/settings`;

async function setNotifications(org: OrgWithRoles, notifications: Record<string, boolean>) {
  const response = await org.users.owner.client.patch(settingsUrl(org.organizationId), {
    name: "Acme Operations",
    timezone: "UTC",
    notifications: { email: true, pushNotifications: true, weeklyReports: false, ...notifications },
  });
  expect(response.status).toBe(200);
}

/** The members (by e-mail) queued a mail about `event` in the organization, sorted. */
async function mailedFor(org: OrgWithRoles, event: string) {
  const rows = await t.app.db
    .select({ userId: notificationDeliveries.userId, event: notificationDeliveries.event })
    .from(notificationDeliveries)
    .where(eq(notificationDeliveries.organizationId, org.organizationId));
  const emails = Object.fromEntries(Object.values(org.users).map((user) => [user.id, user.email]));
  return rows
    .filter((row) => row.event === event && row.userId)
    .map((row) => emails[row.userId!])
    .sort();
}

/** A run that ends as `outcome` on a registered runner. */
async function runOnRunner(org: OrgWithRoles, outcome: "failed" | "succeeded", name = "Nightly build") {
  const { client } = await registerRunner(t.app, org.users.admin.client, org.organizationId);
  const workflow = await createLinuxWorkflow(org.users.editor.client, org.organizationId, ["exit 1"], name);
  const runId = await queueRun(org.users.editor.client, org.organizationId, workflow.id);
  expect((await client.claim()).body.job.runId).toBe(runId);
  expect((await client.complete(runId, outcome)).status).toBe(200);
  return runId;
}

describe("the Email notifications setting", () => {
  it("mails every member who has not muted the organization when a run fails, once each", async () => {
    const org = await createOrgWithRoles(t.app);
    const { owner, admin, editor, viewer } = org.users;
    expect((await viewer.client.put(muteUrl(org.organizationId), { muted: true })).status).toBe(200);
    // A rule already mails the admins about failures: they get that mail, not a second one.
    await createRule(owner.client, org.organizationId, {
      name: "Admins",
      events: ["run.failed"],
      emailRoles: ["admin"],
    });

    await runOnRunner(org, "failed");
    expect(await mailedFor(org, "run.failed")).toEqual([admin.email, editor.email, owner.email].sort());

    await deliveryJob().tick();
    const mail = await inbox.waitFor((message) => message.recipients.includes(editor.email));
    expect(mail.subject).toBe("[Acme Operations] Nightly build: run failed");
    expect(mail.text).toContain(`the organization's "Email notifications" setting`);
    expect(mail.text).toContain("http://localhost:3000/profile");
    expect(inbox.messages.filter((message) => message.recipients.includes(admin.email))).toHaveLength(1);
    expect(inbox.messages.some((message) => message.recipients.includes(viewer.email))).toBe(false);
  });

  it("mails nothing about a success, nor about a failure when the setting is off", async () => {
    const org = await createOrgWithRoles(t.app);
    await runOnRunner(org, "succeeded");
    await setNotifications(org, { email: false });
    await runOnRunner(org, "failed");
    const rows = await t.app.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.organizationId, org.organizationId));
    expect(rows).toEqual([]);
  });
});

describe("the Weekly reports setting", () => {
  /** The report time after the test's runs: next Monday 08:00 UTC (the organizations' clock). */
  const nextMonday = () => {
    const monday = new Date();
    monday.setUTCHours(8, 0, 0, 0);
    monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7 || 7));
    return monday;
  };

  it("is due Monday 08:00 on the organization's clock, for a day", () => {
    const monday = new Date("2026-11-30T08:00:00Z");
    expect(reportDueAt(new Date("2026-11-30T07:59:00Z"), "UTC")).toBeNull();
    expect(reportDueAt(new Date("2026-11-30T08:30:00Z"), "UTC")).toEqual(monday);
    expect(reportDueAt(new Date("2026-12-01T07:59:00Z"), "UTC")).toEqual(monday);
    expect(reportDueAt(new Date("2026-12-01T08:00:00Z"), "UTC")).toBeNull();
    // 08:00 in Berlin (UTC+1 in winter) is 07:00 UTC.
    expect(reportDueAt(new Date("2026-11-30T07:30:00Z"), "Europe/Berlin")).toEqual(new Date("2026-11-30T07:00:00Z"));
  });

  it("mails the week's summary to unmuted members of organizations that want it, once across instances", async () => {
    const wanting = await createOrgWithRoles(t.app);
    const notWanting = await createOrgWithRoles(t.app);
    await setNotifications(wanting, { weeklyReports: true, email: false });
    await setNotifications(notWanting, { weeklyReports: false });
    expect((await wanting.users.viewer.client.put(muteUrl(wanting.organizationId), { muted: true })).status).toBe(200);
    await runOnRunner(wanting, "failed", "Nightly build");
    await runOnRunner(wanting, "succeeded", "Deploy");

    const monday = nextMonday();
    expect(await queueWeeklyReports(t.app.db, new Date(monday.getTime() - 60_000))).toBe(0);
    // Two instances on the same Monday: the report is queued once.
    const at = new Date(monday.getTime() + 10 * 60_000);
    const queued = await Promise.all([queueWeeklyReports(t.app.db, at), queueWeeklyReports(t.app.db, at)]);
    const { owner, admin, editor, viewer } = wanting.users;
    expect(await mailedFor(wanting, "report.weekly")).toEqual([admin.email, editor.email, owner.email].sort());
    expect(queued[0]! + queued[1]!).toBe(3);
    expect(await mailedFor(notWanting, "report.weekly")).toEqual([]);
    expect(await queueWeeklyReports(t.app.db, new Date(at.getTime() + 3600_000))).toBe(0);

    await deliveryJob().tick(at);
    const mail = await inbox.waitFor(
      (message) => message.recipients.includes(owner.email) && message.subject.includes("Weekly report"),
    );
    expect(mail.subject).toBe("[Acme Operations] Weekly report: 2 runs: 1 failed, 1 succeeded");
    expect(mail.text).toContain("Workflows with failed runs:\n- Nightly build: 1");
    expect(mail.text).toContain(`the organization's "Weekly reports" setting`);
    expect(inbox.messages.some((message) => message.recipients.includes(viewer.email))).toBe(false);
  });
});
