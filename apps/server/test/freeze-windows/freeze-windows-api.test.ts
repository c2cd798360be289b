import { FREEZE_WINDOW_MESSAGES } from "@flowdeck/shared/freeze-windows/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerOwner } from "../helpers/factories.ts";
import type { TestClient } from "../helpers/http-client.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
let owner: TestClient;
let orgId: string;
beforeAll(async () => {
  t = await createTestApp();
  const registered = await registerOwner(t.app);
  owner = registered.client;
  orgId = registered.organizationId;
  await owner.patch(`/api/orgs/${orgId}/settings`, { name: "Acme Operations", timezone: "Europe/London" });
});
afterAll(() => t.close());

const windows = (rest = "") => `/api/orgs/${orgId}/freeze-windows${rest}`;

describe("freeze windows", () => {
  it("keeps a weekly window in the organization's time zone and shows its next occurrence", async () => {
    const created = await owner.post(windows(), {
      reason: "Friday evening",
      weekly: { days: [5, 5], from: "18:00", to: "23:59" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ reason: "Friday evening", weekly: { days: [5], from: "18:00", to: "23:59" } });
    expect(created.body.startsAt).toBeNull();
    const list = await owner.get(windows());
    expect(list.body.timeZone).toBe("Europe/London");
    const item = list.body.items.find((window: { id: string }) => window.id === created.body.id);
    // Europe/London in winter is UTC: 18:00 local is 18:00Z, on a Friday.
    expect(new Date(item.occurrence.startsAt).getUTCDay()).toBe(5);
    expect(item.occurrence.startsAt).toMatch(/T18:00:00\.000Z$/);
  });

  it("refuses a window that ends before it starts, has both kinds, or bad times, naming the field", async () => {
    const backwards = await owner.post(windows(), {
      reason: "Oops",
      startsAt: "2027-01-02T00:00:00Z",
      endsAt: "2027-01-01T00:00:00Z",
    });
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(backwards.body)).toContain(FREEZE_WINDOW_MESSAGES.endBeforeStart);
    const both = await owner.post(windows(), {
      reason: "Both",
      startsAt: "2027-01-01T00:00:00Z",
      endsAt: "2027-01-02T00:00:00Z",
      weekly: { days: [1], from: "10:00", to: "11:00" },
    });
    expect(both.status).toBe(400);
    expect(JSON.stringify(both.body)).toContain(FREEZE_WINDOW_MESSAGES.oneKind);
    const badTime = await owner.post(windows(), { reason: "Bad", weekly: { days: [1], from: "25:00", to: "11:00" } });
    expect(badTime.status).toBe(400);
    expect(JSON.stringify(badTime.body)).toContain(FREEZE_WINDOW_MESSAGES.timeInvalid);
    const noReason = await owner.post(windows(), { reason: " ", weekly: { days: [1], from: "10:00", to: "11:00" } });
    expect(noReason.status).toBe(400);
    expect(JSON.stringify(noReason.body)).toContain(FREEZE_WINDOW_MESSAGES.reasonRequired);
  });

  it("records creation and deletion in the audit log, and a deleted window is gone", async () => {
    const created = await owner.post(windows(), {
      reason: "Audit me",
      startsAt: "2027-02-01T00:00:00Z",
      endsAt: "2027-02-02T00:00:00Z",
    });
    expect((await owner.delete(windows(`/${created.body.id}`))).status).toBe(204);
    expect((await owner.delete(windows(`/${created.body.id}`))).status).toBe(404);
    const audit = await owner.get(`/api/orgs/${orgId}/audit?entityType=freezeWindow`);
    const summaries = audit.body.items.map((row: { summary: string }) => row.summary).join("\n");
    expect(summaries).toContain('Created the freeze window "Audit me"');
    expect(summaries).toContain('Deleted the freeze window "Audit me"');
  });
});
