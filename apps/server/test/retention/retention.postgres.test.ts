import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/database.ts";
import { organizations, workflowRuns } from "../../src/db/schema/index.ts";
import { createRetentionJob } from "../../src/jobs/retention-job.ts";
import { createOrgWithRoles } from "../helpers/factories.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createCommands, createWorkflow } from "../workflows/workflow-factory.ts";

// PostgreSQL only (vitest.config.ts): two instances' retention jobs on one database, while runs
// are being written.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;

describe("retention on PostgreSQL", () => {
  it("two instances delete exactly the old runs once while new runs are written, and pinned runs survive", async () => {
    const org = await createOrgWithRoles(t.app);
    const client = org.users.editor.client;
    const commands = await createCommands(client, org.organizationId, ["a"]);
    const workflow = await createWorkflow(client, org.organizationId, [commands[0]!.id]);
    await t.app.db.update(organizations).set({ keepRunsDays: 30 }).where(eq(organizations.id, org.organizationId));
    const now = new Date();
    const run = (days: number, index: number, pinned = false) => ({
      workflowId: workflow.id,
      organizationId: org.organizationId,
      trigger: "schedule" as const,
      status: "succeeded" as const,
      startedAt: new Date(now.getTime() - days * DAY - index * 1000),
      finishedAt: new Date(now.getTime() - days * DAY),
      pinned,
    });
    const old = await t.app.db
      .insert(workflowRuns)
      .values(Array.from({ length: 120 }, (_, index) => run(40, index, index % 30 === 0)))
      .returning({ id: workflowRuns.id, pinned: workflowRuns.pinned });

    const other = await openDatabase({ kind: "postgres", connectionString: t.database.connectionString!, poolSize: 3 });
    try {
      const first = createRetentionJob({ db: t.app.db, batchSize: 7 });
      const second = createRetentionJob({ db: other.db, batchSize: 7 });
      // New runs arrive while both instances delete.
      const writing = (async () => {
        const ids: string[] = [];
        for (let index = 0; index < 20; index++) {
          const [row] = await other.db.insert(workflowRuns).values(run(0, index)).returning({ id: workflowRuns.id });
          ids.push(row!.id);
        }
        return ids;
      })();
      const results = await Promise.all([first.tick(now), second.tick(now), first.tick(now), second.tick(now)]);
      const written = await writing;

      const pinned = old.filter((row) => row.pinned).map((row) => row.id);
      expect(results.reduce((sum, result) => sum + result.runs, 0)).toBe(120 - pinned.length);
      const left = await t.app.db
        .select({ id: workflowRuns.id })
        .from(workflowRuns)
        .where(inArray(workflowRuns.id, [...old.map((row) => row.id), ...written]));
      expect(left.map((row) => row.id).sort()).toEqual([...pinned, ...written].sort());
      const [count] = await t.app.db
        .select({ value: sql<number>`count(*)::int` })
        .from(workflowRuns)
        .where(eq(workflowRuns.workflowId, workflow.id));
      expect(count!.value).toBe(pinned.length + 20);
    } finally {
      await other.close();
    }
  });
});
