import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workflows } from "../../src/db/schema/index.ts";
import { createOrgWithRoles } from "../helpers/factories.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { workflowsUrl } from "../helpers/test-data.ts";
import { createCommands, createWorkflow } from "./workflow-factory.ts";

// Migration 0020 gives schedules stored before a field existed every field. Its statement is run
// again here on schedules stored the old way, and the API must answer as it did before.
const MIGRATION = path.resolve(import.meta.dirname, "../../drizzle/0020_normalized_schedules.sql");
const backfill = readFileSync(MIGRATION, "utf8")
  .split("--> statement-breakpoint")
  .map((statement) => statement.trim())
  .find((statement) => statement.includes('UPDATE "workflows"'));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const OLD_SCHEDULES = [
  {
    stored: { type: "manual", isEnabled: false },
    answered: { type: "manual", isEnabled: false, date: null, time: null, dayOfWeek: null, dayOfMonth: null },
  },
  {
    stored: { type: "daily", isEnabled: true, time: "09:00" },
    answered: { type: "daily", isEnabled: true, date: null, time: "09:00", dayOfWeek: null, dayOfMonth: null },
  },
  {
    stored: { type: "cron", isEnabled: true, expression: "0 9 * * 1" },
    answered: {
      type: "cron",
      isEnabled: true,
      date: null,
      time: null,
      dayOfWeek: null,
      dayOfMonth: null,
      expression: "0 9 * * 1",
    },
  },
  {
    stored: { type: "weekly", isEnabled: true, time: "10:00", dayOfWeek: "1", expression: null },
    answered: { type: "weekly", isEnabled: true, date: null, time: "10:00", dayOfWeek: "1", dayOfMonth: null },
  },
];

describe("schedules stored before every field existed", () => {
  it("get every field, and a cron expression only on a cron schedule", async () => {
    expect(backfill).toBeDefined();
    const org = await createOrgWithRoles(t.app);
    const client = org.users.editor.client;
    const [command] = await createCommands(client, org.organizationId, ["a"]);
    const ids: string[] = [];
    for (const { stored } of OLD_SCHEDULES) {
      const workflow = await createWorkflow(client, org.organizationId, [command!.id]);
      await t.app.db.execute(
        sql`update ${workflows} set schedule = ${JSON.stringify(stored)}::jsonb where ${workflows.id} = ${workflow.id}`,
      );
      ids.push(workflow.id);
    }

    await t.app.db.execute(sql.raw(backfill!));

    for (const [index, { answered }] of OLD_SCHEDULES.entries()) {
      const [row] = await t.app.db.select().from(workflows).where(eq(workflows.id, ids[index]!));
      expect(row!.schedule).toEqual(answered);
      const response = await client.get(workflowsUrl(org.organizationId, `/${ids[index]}`));
      expect(response.status).toBe(200);
      expect(response.body.schedule).toEqual(answered);
    }
  });
});
