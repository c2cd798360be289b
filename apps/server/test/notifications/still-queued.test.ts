import { STILL_QUEUED_MINUTES } from "@flowdeck/shared/notifications/constants";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationDeliveries } from "../../src/db/schema/index.ts";
import { createDeliveryJob } from "../../src/jobs/notification-delivery.ts";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createLinuxWorkflow } from "../runners/runner-client.ts";
import { createRule } from "./support.ts";

/**
 * A run queued before any runner could take it says so in the run view at once, and after
 * STILL_QUEUED_MINUTES tells the rules that ask for "run.still-queued", once.
 */
let t: TestApp;
let org: OrgWithRoles;
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrgWithRoles(t.app);
});
afterAll(() => t.close());

const MINUTE = 60_000;

describe("a run no runner takes", () => {
  it("is told once, after ten minutes queued, to the rules that ask for it", async () => {
    const rule = await createRule(org.users.owner.client, org.organizationId, {
      name: "Stuck runs",
      events: ["run.still-queued"],
      emailRoles: ["admin"],
    });
    const workflow = await createLinuxWorkflow(org.users.editor.client, org.organizationId, ["make deploy"], "Deploy");
    const queued = await org.users.editor.client.post(
      `/api/orgs/${org.organizationId}/workflows/${workflow.id}/execute`,
      {},
    );
    expect(queued.body).toMatchObject({ status: "queued", matchingRunners: { registered: 0 } });
    const startedAt = new Date(queued.body.startedAt).getTime();
    const job = createDeliveryJob({
      db: t.app.db,
      mailer: t.app.mailer,
      outbound: t.app.outbound,
      appUrl: "http://localhost:3000",
    });
    const told = () =>
      t.app.db
        .select({ payload: notificationDeliveries.payload })
        .from(notificationDeliveries)
        .where(and(eq(notificationDeliveries.ruleId, rule.id), eq(notificationDeliveries.event, "run.still-queued")));

    await job.tick(new Date(startedAt + (STILL_QUEUED_MINUTES - 1) * MINUTE));
    expect(await told()).toEqual([]);
    await job.tick(new Date(startedAt + (STILL_QUEUED_MINUTES + 1) * MINUTE));
    const first = await told();
    expect(first.length).toBeGreaterThan(0);
    expect(first[0]!.payload).toMatchObject({ workflow: { id: workflow.id, name: "Deploy" }, minutes: 10 });
    await job.tick(new Date(startedAt + (STILL_QUEUED_MINUTES + 2) * MINUTE));
    expect(await told()).toHaveLength(first.length);
  });
});
