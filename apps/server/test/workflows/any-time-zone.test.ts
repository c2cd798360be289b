import { SETTINGS_MESSAGES } from "@flowdeck/shared/settings/messages";
import { eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workflows } from "../../src/db/schema/index.ts";
import { createScheduler } from "../../src/jobs/scheduler.ts";
import { reportDueAt } from "../../src/modules/notifications/weekly-report.ts";
import type { OrgWithRoles } from "../helpers/factories.ts";
import type { TestApp } from "../helpers/test-app.ts";
import { createAppWithCommands, createWorkflow } from "./workflow-factory.ts";

// Every IANA time zone (issue 26, decision 057), not only the specification's eight: an
// organization in India or Australia sets its own clock, and schedules and the weekly report
// follow it, daylight saving included.

let t: TestApp;
let org: OrgWithRoles;
let commandIds: string[];
beforeAll(async () => ({ t, org, commandIds } = await createAppWithCommands(["Back up"])));
afterAll(() => t.close());

const settingsUrl = () => `/api/orgs/${org.organizationId}/settings`;
const setTimezone = (timezone: string) =>
  org.users.owner.client.patch(settingsUrl(), { name: "Acme Operations", timezone });
const daily = { type: "daily", isEnabled: true, time: "09:00" };

describe("an organization's time zone", () => {
  it("may be Asia/Kolkata, and a daily 09:00 schedule then runs at 09:00 IST (03:30 UTC)", async () => {
    const saved = await setTimezone("Asia/Kolkata");
    expect(saved.status).toBe(200);
    expect(saved.body.timezone).toBe("Asia/Kolkata");

    const workflow = await createWorkflow(org.users.editor.client, org.organizationId, commandIds, { schedule: daily });
    const next = DateTime.fromISO(workflow.nextExecution, { zone: "Asia/Kolkata" });
    expect([next.hour, next.minute]).toEqual([9, 0]);
    expect(DateTime.fromISO(workflow.nextExecution, { zone: "UTC" }).toFormat("HH:mm")).toBe("03:30");
    const list = await org.users.viewer.client.get(`/api/orgs/${org.organizationId}/workflows`);
    expect(list.body.timezone).toBe("Asia/Kolkata");
  });

  it("takes an older name under today's, and refuses a zone that does not exist", async () => {
    expect((await setTimezone("Asia/Calcutta")).body.timezone).toBe("Asia/Kolkata");
    const refused = await setTimezone("Mars/Olympus_Mons");
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields.timezone).toBe(SETTINGS_MESSAGES.timezoneInvalid);
  });

  it("may be Australia/Sydney: a daily 09:00 schedule keeps 09:00 local across the change to daylight saving", async () => {
    expect((await setTimezone("Australia/Sydney")).status).toBe(200);
    const workflow = await createWorkflow(org.users.editor.client, org.organizationId, commandIds, { schedule: daily });
    // Due on Saturday Oct 3, 2026 at 09:00 AEST (UTC+10); the clocks go forward that night.
    const due = new Date("2026-10-02T23:00:00Z");
    await t.app.db.update(workflows).set({ nextExecution: due }).where(eq(workflows.id, workflow.id));

    const { ran } = await createScheduler({ db: t.app.db, events: t.app.events }).tick(
      new Date(due.getTime() + 30_000),
    );
    expect(ran).toContain(workflow.id);
    const [row] = await t.app.db.select().from(workflows).where(eq(workflows.id, workflow.id));
    // Sunday Oct 4 at 09:00 AEDT (UTC+11): 23 hours later.
    expect(row!.nextExecution).toEqual(new Date("2026-10-03T22:00:00Z"));
    expect(row!.scheduleTimezone).toBe("Australia/Sydney");
  });

  it("sets the weekly report's Monday 08:00, daylight saving included", () => {
    expect(reportDueAt(new Date("2026-11-30T03:00:00Z"), "Asia/Kolkata")).toEqual(new Date("2026-11-30T02:30:00Z"));
    // Sydney: Monday Oct 5 08:00 AEDT, the first Monday after the change, is 21:00 UTC on Sunday,
    // and due at once although that week has only 167 hours.
    const sydney = (now: string) => reportDueAt(new Date(now), "Australia/Sydney");
    expect(sydney("2026-10-04T20:59:00Z")).toBeNull();
    expect(sydney("2026-10-04T21:00:00Z")).toEqual(new Date("2026-10-04T21:00:00Z"));
    expect(sydney("2026-10-04T21:30:00Z")).toEqual(new Date("2026-10-04T21:00:00Z"));
    // Monday Apr 6 08:00 AEST, after the clocks went back (a week of 169 hours).
    expect(sydney("2026-04-05T22:30:00Z")).toEqual(new Date("2026-04-05T22:00:00Z"));
    expect(reportDueAt(new Date("2026-09-27T22:30:00Z"), "Australia/Sydney")).toEqual(
      new Date("2026-09-27T22:00:00Z"), // Monday Sep 28 08:00 AEST
    );
  });
});
