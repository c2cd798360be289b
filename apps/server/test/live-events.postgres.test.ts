import type { LiveEvent } from "@flowdeck/shared";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../src/db/database.ts";
import { type OrgWithRoles } from "./helpers/factories.ts";
import { streamsClosedAfterEach, waitUntil } from "./helpers/sse-client.ts";
import { createAppWithRoles, createTestApp, type TestApp } from "./helpers/test-app.ts";

// Runs in the PostgreSQL project only (vitest.config.ts): events cross instances through
// LISTEN/NOTIFY, which the embedded database, one process, has no use for.

let t: TestApp;
let org: OrgWithRoles;
const { listen } = streamsClosedAfterEach();
beforeAll(async () => ({ t, org } = await createAppWithRoles({ listen: true })));
afterAll(() => t.close());

function change(id: string, action: LiveEvent["action"] = "updated"): LiveEvent {
  return { entity: "organization", id, action };
}

describe("live updates across instances (PostgreSQL)", () => {
  let second: DatabaseHandle;
  let b: TestApp;
  let admin: pg.Client;

  beforeAll(async () => {
    const connectionString = t.database.connectionString;
    if (!connectionString) throw new Error("the PostgreSQL test database has no connection string");
    // Instance B: its own app and connection pool on the same database, as behind a load balancer.
    second = await openDatabase({ kind: "postgres", connectionString, poolSize: 3 });
    b = await createTestApp({ database: { ...second, drop: second.close } });
    await b.app.listen({ port: 0, host: "127.0.0.1" });
    admin = new pg.Client({ connectionString });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await b?.close();
    await second?.close();
  });

  /** The hubs' LISTEN connections to this database, as PostgreSQL sees them. */
  async function listenConnections() {
    const result = await admin.query<{ pid: number; state: string; query: string }>(
      `select pid, state, query from pg_stat_activity
        where datname = current_database() and application_name = 'flowdeck-listen'`,
    );
    return result.rows;
  }

  it("an event published on instance A reaches subscribers on instance B, and only its organization's", async () => {
    // The session cookie made on A is good on B: sessions live in the database.
    const onB = await listen(b.app, org.organizationId, org.users.editor);
    const onA = await listen(t.app, org.organizationId, org.users.viewer);
    const outsiderOnB = await listen(b.app, org.otherOrganizationId, org.users.outsider);

    await t.app.events.publish(org.organizationId, change(org.organizationId));
    expect(await onB.nextChange()).toEqual(change(org.organizationId));
    expect(await onA.nextChange()).toEqual(change(org.organizationId));

    await t.app.events.publish(org.otherOrganizationId, change(org.otherOrganizationId));
    expect(await outsiderOnB.nextChange()).toEqual(change(org.otherOrganizationId));
  });

  it("reconnects when the LISTEN connection drops, and then delivers each event once", async () => {
    const before = await listenConnections();
    expect(before).toHaveLength(2);
    const stream = await listen(b.app, org.organizationId, org.users.admin);

    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name = 'flowdeck-listen'`,
    );
    const old = new Set(before.map((row) => row.pid));
    await waitUntil(
      async () => {
        const rows = await listenConnections();
        const fresh = rows.filter((row) => !old.has(row.pid));
        const listening = fresh.filter((row) => row.state === "idle" && row.query.startsWith("listen"));
        return listening.length === 2 && rows.every((row) => !old.has(row.pid));
      },
      10_000,
      "both instances to listen again",
    );

    // The SSE stream itself never dropped: only the hub's connection to PostgreSQL did.
    await t.app.events.publish(org.organizationId, change(org.organizationId, "created"));
    await t.app.events.publish(org.organizationId, change(org.organizationId, "deleted"));
    expect(await stream.nextChange()).toEqual(change(org.organizationId, "created"));
    expect(await stream.nextChange()).toEqual(change(org.organizationId, "deleted"));
    expect(await listenConnections()).toHaveLength(2);
  });

  it("sends what one change announces in as few NOTIFYs as fit, each message heard on instance B in order", async () => {
    const notifications: string[] = [];
    await admin.query("listen flowdeck_events");
    const onNotification = (message: pg.Notification) => notifications.push(message.payload ?? "");
    admin.on("notification", onNotification);
    try {
      const heard: LiveEvent[] = [];
      const stop = b.app.events.subscribe(org.organizationId, (event) => heard.push(event));
      const small = [1, 2, 3].map((n) => ({ orgId: org.organizationId, event: change(`small-${n}`) }));
      await t.app.events.publishAll(small);
      await waitUntil(async () => heard.length === 3);
      expect(heard).toEqual(small.map((message) => message.event));
      expect(notifications).toHaveLength(1);

      // Past NOTIFY's 8,000 bytes, the messages go in several batches, none lost, none reordered.
      const large = Array.from({ length: 200 }, (_, n) => ({
        orgId: org.organizationId,
        event: change(`large-${String(n).padStart(60, "0")}`),
      }));
      notifications.length = 0;
      heard.length = 0;
      await t.app.events.publishAll(large);
      await waitUntil(async () => heard.length === 200);
      expect(heard).toEqual(large.map((message) => message.event));
      expect(notifications.length).toBeGreaterThan(1);
      expect(notifications.every((payload) => Buffer.byteLength(payload) < 8000)).toBe(true);
      stop();
    } finally {
      admin.off("notification", onNotification);
      await admin.query("unlisten flowdeck_events");
    }
  });
});
