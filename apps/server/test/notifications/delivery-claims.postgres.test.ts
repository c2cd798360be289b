import { NOTIFICATION_LIMITS } from "@flowdeck/shared/notifications/constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/database.ts";
import { createDeliveryJob } from "../../src/jobs/notification-delivery.ts";
import { createOrgWithRoles } from "../helpers/factories.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createRule, rulesUrl, startReceiver } from "./support.ts";

// PostgreSQL only (vitest.config.ts): several instances share one database only there.

let t: TestApp;
beforeAll(async () => {
  // The test receivers listen on 127.0.0.1, which Flowdeck calls only when the operator allows it.
  t = await createTestApp({ env: { OUTBOUND_ALLOW: "127.0.0.1/32" } });
});
afterAll(() => t.close());

describe("several delivery jobs on one PostgreSQL", () => {
  it("send each queued webhook exactly once between them", async () => {
    const receiver = await startReceiver([200]);
    const other = await openDatabase({ kind: "postgres", connectionString: t.database.connectionString!, poolSize: 5 });
    try {
      // Fifty Send tests from five organizations: each rule may be tested five times a minute, and
      // a pass takes at most ten deliveries of one organization.
      for (let orgIndex = 0; orgIndex < 5; orgIndex++) {
        const org = await createOrgWithRoles(t.app);
        for (let ruleIndex = 0; ruleIndex < 2; ruleIndex++) {
          const rule = await createRule(org.users.admin.client, org.organizationId, {
            name: `Hook ${ruleIndex}`,
            emailRoles: [],
            webhookUrl: receiver.url,
          });
          for (let index = 0; index < NOTIFICATION_LIMITS.testsPerRuleMinute; index++) {
            const test = await org.users.admin.client.post(rulesUrl(org.organizationId, `/${rule.id}/test`));
            expect(test.status).toBe(202);
          }
        }
      }
      const jobs = [t.app.db, other.db, t.app.db, other.db].map((db) =>
        createDeliveryJob({ db, mailer: t.app.mailer, outbound: t.app.outbound, appUrl: "http://localhost:3000" }),
      );
      const now = new Date(Date.now() + 1_000);
      let attempted = 0;
      for (let round = 0; round < 10; round++) {
        const passes = await Promise.all([...jobs, ...jobs].map((job) => job.tick(now)));
        const inRound = passes.reduce((sum, pass) => sum + pass.attempted, 0);
        if (inRound === 0) break;
        attempted += inRound;
      }
      expect(attempted).toBe(50);
      expect(receiver.calls).toHaveLength(50);
      const ids = receiver.calls.map((call) => call.headers["flowdeck-delivery"]);
      expect(new Set(ids).size).toBe(50);
    } finally {
      await other.close();
      await receiver.close();
    }
  });
});
