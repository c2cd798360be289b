import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerOwner } from "../helpers/factories.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("changing the organization's timezone", () => {
  it("moves a waiting schedule to the new clock at once, without the scheduler", async () => {
    const owner = await registerOwner(t.app, { organizationName: "Clockwork" });
    const base = `/api/orgs/${owner.organizationId}`;
    const command = await owner.client.post(`${base}/tasks`, { name: "Rotate logs", commands: { linux: "logrotate" } });
    expect(command.status).toBe(201);
    const created = await owner.client.post(`${base}/workflows`, {
      name: "Weekly housekeeping",
      taskIds: [command.body.id],
      schedule: { type: "weekly", isEnabled: true, dayOfWeek: "1", time: "09:00" },
    });
    expect(created.status).toBe(201);
    const inUtc = DateTime.fromISO(created.body.nextExecution, { zone: "UTC" });
    expect([inUtc.weekday, inUtc.hour, inUtc.minute]).toEqual([1, 9, 0]);

    const saved = await owner.client.patch(`${base}/settings`, { name: "Clockwork", timezone: "Asia/Tokyo" });
    expect(saved.status).toBe(200);

    const after = await owner.client.get(`${base}/workflows/${created.body.id}`);
    const inTokyo = DateTime.fromISO(after.body.nextExecution, { zone: "Asia/Tokyo" });
    expect([inTokyo.weekday, inTokyo.hour, inTokyo.minute]).toEqual([1, 9, 0]);
    expect(inTokyo.toMillis()).toBeGreaterThan(Date.now());
  });
});
