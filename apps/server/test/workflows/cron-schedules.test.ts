import { nextCronRuns } from "@flowdeck/shared/workflows/cron";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workflows } from "../../src/db/schema/index.ts";
import { createScheduler } from "../../src/jobs/scheduler.ts";
import { registerOwner, type OrgWithRoles } from "../helpers/factories.ts";
import { type TestApp } from "../helpers/test-app.ts";
import { workflowBody, workflowsUrl } from "../helpers/test-data.ts";
import { createAppWithCommands, createCommands, createWorkflow, setTimezone } from "./workflow-factory.ts";

let t: TestApp;
let org: OrgWithRoles;
let commandIds: string[];
beforeAll(async () => ({ t, org, commandIds } = await createAppWithCommands(["Back up"])));
afterAll(() => t.close());

const cron = (expression: string) => ({ type: "cron", isEnabled: true, expression });

describe("cron schedules through the API", () => {
  it("saves a cron schedule and answers its next run on the organization's clock", async () => {
    await setTimezone(t.app, org.organizationId, "America/New_York");
    const before = new Date();
    const created = await createWorkflow(org.users.editor.client, org.organizationId, commandIds, {
      schedule: cron("30  2 * * 1"),
    });
    expect(created.schedule).toEqual({
      type: "cron",
      isEnabled: true,
      date: null,
      time: null,
      dayOfWeek: null,
      dayOfMonth: null,
      expression: "30 2 * * 1",
    });
    const read = await org.users.viewer.client.get(workflowsUrl(org.organizationId, `/${created.id}`));
    expect(read.status).toBe(200);
    const [expected] = nextCronRuns("30 2 * * 1", { now: before, timezone: "America/New_York", count: 1 });
    expect(read.body.nextExecution).toBe(expected!.toISOString());
    // 02:30 on a Monday in New York: 06:30 or 07:30 UTC depending on the season.
    expect(read.body.nextExecution).toMatch(/T0[67]:30:00\.000Z$/);
    expect(new Date(read.body.nextExecution).getUTCDay()).toBe(1);

    // Changing to another type drops the expression.
    const daily = await org.users.editor.client.patch(workflowsUrl(org.organizationId, `/${created.id}`), {
      schedule: { type: "daily", isEnabled: true, time: "09:00" },
    });
    expect(daily.status).toBe(200);
    expect(daily.body.schedule).not.toHaveProperty("expression");
  });

  it("refuses an invalid expression with a message that names the field", async () => {
    const response = await org.users.editor.client.post(
      workflowsUrl(org.organizationId),
      workflowBody(commandIds, { schedule: cron("0 25 * * *") }),
    );
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("invalid-argument");
    expect(response.body.error.message).toMatch(/^Hour "25" is not valid: use 0–23/);
    const tooShort = await org.users.editor.client.post(
      workflowsUrl(org.organizationId),
      workflowBody(commandIds, { schedule: cron("0 2 * *") }),
    );
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.error.message).toMatch(/^A cron expression has five fields/);
  });
});

describe("the scheduler advances cron schedules across daylight-saving changes", () => {
  async function firesAt(timezone: string, expression: string, at: string) {
    const owner = await registerOwner(t.app);
    await setTimezone(t.app, owner.organizationId, timezone);
    const [command] = await createCommands(owner.client, owner.organizationId, ["Rotate logs"]);
    const workflow = await createWorkflow(owner.client, owner.organizationId, [command!.id], {
      schedule: cron(expression),
    });
    await t.app.db
      .update(workflows)
      .set({ nextExecution: new Date(at) })
      .where(eq(workflows.id, workflow.id));
    const { ran } = await createScheduler({ db: t.app.db, events: t.app.events }).tick(new Date(at));
    expect(ran).toContain(workflow.id);
    const [row] = await t.app.db.select().from(workflows).where(eq(workflows.id, workflow.id));
    return row!.nextExecution?.toISOString();
  }

  it("New York: the run moved to 03:30 EDT on the spring night is followed by 02:30 EDT", async () => {
    expect(await firesAt("America/New_York", "30 2 * * *", "2026-03-08T07:30:00Z")).toBe("2026-03-09T06:30:00.000Z");
  });

  it("New York: after 01:30 EDT on the autumn night, the repeated 01:30 EST is not run again", async () => {
    expect(await firesAt("America/New_York", "30 1 * * *", "2026-11-01T05:30:00Z")).toBe("2026-11-02T06:30:00.000Z");
  });

  it("London: after the spring night's 02:30 BST comes 01:30 BST", async () => {
    expect(await firesAt("Europe/London", "30 1 * * *", "2026-03-29T01:30:00Z")).toBe("2026-03-30T00:30:00.000Z");
  });

  it("London: every 30 minutes runs in both hours of the autumn night", async () => {
    expect(await firesAt("Europe/London", "*/30 * * * *", "2026-10-25T00:30:00Z")).toBe("2026-10-25T01:00:00.000Z");
  });
});
