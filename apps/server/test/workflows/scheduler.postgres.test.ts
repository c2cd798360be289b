import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/database.ts";
import { tasks, workflowRuns, workflows } from "../../src/db/schema/index.ts";
import { createEventHub } from "../../src/lib/event-hub.ts";
import { createScheduler } from "../../src/jobs/scheduler.ts";
import { createOrgWithRoles } from "../helpers/factories.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createCommands, createWorkflow } from "./workflow-factory.ts";

// Runs in the PostgreSQL project only (vitest.config.ts): several instances share one database
// only on PostgreSQL; the embedded database is one process.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const daily = (time = "09:00") => ({ type: "daily", isEnabled: true, time });

describe("several scheduler instances on one PostgreSQL", () => {
  it("run each of many due workflows exactly once", async () => {
    const fresh = await createOrgWithRoles(t.app);
    const client = fresh.users.editor.client;
    const commands = await createCommands(client, fresh.organizationId, ["a", "b", "c"]);
    const ids: string[] = [];
    for (let index = 0; index < 60; index++) {
      // Different command orders, so instances lock commands in crossing orders if they are careless.
      const order = index % 2 === 0 ? commands : [...commands].reverse();
      const workflow = await createWorkflow(
        client,
        fresh.organizationId,
        order.map((command) => command.id),
        { name: `Nightly ${index}`, schedule: daily("03:00") },
      );
      ids.push(workflow.id);
    }
    const now = new Date();
    await t.app.db
      .update(workflows)
      .set({ nextExecution: new Date(now.getTime() - 5 * 60_000) })
      .where(inArray(workflows.id, ids));

    // A second instance: its own connection pool to the same database, its own event hub.
    const other = await openDatabase({ kind: "postgres", connectionString: t.database.connectionString!, poolSize: 5 });
    const otherEvents = await createEventHub({ connectionString: t.database.connectionString });
    try {
      const first = createScheduler({ db: t.app.db, events: t.app.events, batchSize: 4 });
      const second = createScheduler({ db: other.db, events: otherEvents, batchSize: 4 });
      const results = await Promise.all([first.tick(now), second.tick(now), first.tick(now), second.tick(now)]);
      const ran = results.flatMap((result) => result.ran);
      // Both instances took a share: they ran side by side, not one after the other.
      expect(results[0]!.ran.length + results[2]!.ran.length).toBeGreaterThan(0);
      expect(results[1]!.ran.length + results[3]!.ran.length).toBeGreaterThan(0);
      expect(ran.filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());
      expect(new Set(ran).size).toBe(ran.length);

      const counts = await t.app.db
        .select({ workflowId: workflowRuns.workflowId, runs: sql<number>`count(*)::int` })
        .from(workflowRuns)
        .where(inArray(workflowRuns.workflowId, ids))
        .groupBy(workflowRuns.workflowId);
      expect(counts).toHaveLength(60);
      expect(counts.every((row) => row.runs === 1)).toBe(true);
      const executions = await t.app.db
        .select({ count: tasks.executionCount })
        .from(tasks)
        .where(
          inArray(
            tasks.id,
            commands.map((command) => command.id),
          ),
        );
      expect(executions.map((row) => row.count)).toEqual([60, 60, 60]);
      const rows = await t.app.db.select().from(workflows).where(inArray(workflows.id, ids));
      expect(rows.every((row) => row.status === "in-progress" && row.nextExecution!.getTime() > now.getTime())).toBe(
        true,
      );
    } finally {
      await otherEvents.close();
      await other.close();
    }
  });
});
