import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDeliveryJob } from "../../src/jobs/notification-delivery.ts";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createRule, deliveriesUrl, startReceiver } from "../notifications/support.ts";
import { createLinuxWorkflow, queueRun, registerRunner } from "./runner-client.ts";

let t: TestApp;
let org: OrgWithRoles;
beforeAll(async () => {
  // The test receivers listen on 127.0.0.1, which Flowdeck calls only when the operator allows it.
  t = await createTestApp({ env: { OUTBOUND_ALLOW: "127.0.0.1/32", RUNNER_CLAIM_HOLD_SECONDS: "1" } });
  org = await createOrgWithRoles(t.app);
});
afterAll(() => t.close());

const deliveryJob = () =>
  createDeliveryJob({ db: t.app.db, mailer: t.app.mailer, outbound: t.app.outbound, appUrl: "http://localhost:3000" });

describe("a runner's outcome", () => {
  it("tells the rules: a failed run calls the webhook, the next success says recovered, a cancel says nothing", async () => {
    const receiver = await startReceiver([200]);
    try {
      const admin = org.users.admin.client;
      const editor = org.users.editor.client;
      await createRule(admin, org.organizationId, {
        name: "Runner hook",
        events: ["run.failed", "run.recovered"],
        emailRoles: [],
        webhookUrl: receiver.url,
      });
      const { client } = await registerRunner(t.app, admin, org.organizationId);
      const workflow = await createLinuxWorkflow(editor, org.organizationId, ["exit 1"], "Nightly build");

      const failed = await queueRun(editor, org.organizationId, workflow.id);
      expect((await client.claim()).body.job.runId).toBe(failed);
      expect((await client.complete(failed, "failed")).status).toBe(200);
      const succeeded = await queueRun(editor, org.organizationId, workflow.id);
      expect((await client.claim()).body.job.runId).toBe(succeeded);
      await client.complete(succeeded, "succeeded");
      const cancelled = await queueRun(editor, org.organizationId, workflow.id);
      const cancel = await editor.post(`/api/orgs/${org.organizationId}/runs/${cancelled}/cancel`);
      expect(cancel.status).toBe(200);

      // Two webhook calls, and the failure mailed to the four members: the organization's
      // "Email notifications" setting is on by default (decision 039).
      expect(await deliveryJob().tick()).toEqual({ attempted: 6 });
      const bodies = receiver.calls.map((call) => JSON.parse(call.body));
      expect(bodies.map((body) => [body.event, body.run.id, body.workflow.name])).toEqual([
        ["run.failed", failed, "Nightly build"],
        ["run.recovered", succeeded, "Nightly build"],
      ]);
      const log = await admin.get(deliveriesUrl(org.organizationId));
      expect(log.body.items.map((item: { event: string; status: string }) => [item.event, item.status])).toEqual(
        expect.arrayContaining([
          ["run.failed", "delivered"],
          ["run.recovered", "delivered"],
        ]),
      );
    } finally {
      await receiver.close();
    }
  });
});
