import type { LiveEvent } from "@flowdeck/shared";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type DatabaseHandle } from "../src/db/database.ts";
import { organizations } from "../src/db/schema/index.ts";
import { createOrgWithRoles, createUser, type OrgWithRoles } from "./helpers/factories.ts";
import { EventStream, baseUrlOf, subscribe, waitUntil } from "./helpers/sse-client.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const HEARTBEAT_MS = 100;

let t: TestApp;
let org: OrgWithRoles;
const streams: EventStream[] = [];

beforeAll(async () => {
  // Read by registerEventRoutes when the app is built; the default is 20 s.
  t = await createTestApp({ env: { SSE_HEARTBEAT_MS: String(HEARTBEAT_MS) } });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  org = await createOrgWithRoles(t.app);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await t.close();
});
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
  vi.restoreAllMocks();
});

/** Subscribes over real HTTP and returns once the server has registered the subscription. */
async function listen(app: TestApp["app"], orgId: string, who: { client: Parameters<typeof subscribe>[2] }) {
  const stream = await subscribe(app, orgId, who.client);
  streams.push(stream);
  return stream;
}

function change(id: string, action: LiveEvent["action"] = "updated"): LiveEvent {
  return { entity: "organization", id, action };
}

describe("the event stream", () => {
  it("starts with a retry line and a 'connected' comment, then sends heartbeats", async () => {
    const stream = await EventStream.open(
      `${baseUrlOf(t.app)}/api/orgs/${org.organizationId}/events`,
      org.users.viewer.client,
    );
    streams.push(stream);
    expect(stream.status).toBe(200);
    expect(stream.response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(stream.response.headers.get("cache-control")).toContain("no-cache");
    expect(await stream.next()).toEqual({ retry: 3000, comments: ["connected"] });
    // Nothing happens in the organization, so the next frames can only be heartbeats.
    const started = Date.now();
    expect(await stream.next(2_000)).toEqual({ comments: ["heartbeat"] });
    expect(await stream.next(2_000)).toEqual({ comments: ["heartbeat"] });
    expect(Date.now() - started).toBeGreaterThanOrEqual(HEARTBEAT_MS);
  });

  it("carries the security headers of every other answer", async () => {
    const stream = await listen(t.app, org.organizationId, org.users.viewer);
    expect(stream.response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(stream.response.headers.get("content-security-policy")).toContain("default-src 'self'");
  });

  it("unsubscribes from the hub when the client goes away", async () => {
    const subscribed: string[] = [];
    const unsubscribed: string[] = [];
    const original = t.app.events.subscribe;
    vi.spyOn(t.app.events, "subscribe").mockImplementation((orgId, listener) => {
      subscribed.push(orgId);
      const off = original(orgId, listener);
      return () => {
        unsubscribed.push(orgId);
        off();
      };
    });
    const stream = await listen(t.app, org.organizationId, org.users.editor);
    expect(subscribed).toEqual([org.organizationId]);
    expect(unsubscribed).toEqual([]);
    stream.close();
    await waitUntil(async () => unsubscribed.length > 0, 5_000, "the stream to unsubscribe");
    expect(unsubscribed).toEqual([org.organizationId]);
  });
});

describe("live updates", () => {
  it("tell every member of the organization, and no member of another", async () => {
    const editor = await listen(t.app, org.organizationId, org.users.editor);
    const viewer = await listen(t.app, org.organizationId, org.users.viewer);
    const outsider = await listen(t.app, org.otherOrganizationId, org.users.outsider);

    // The owner changes the organization; like every service, the change is committed, then
    // published (no route changes an existing organization yet, so the test plays the service).
    await t.app.db.update(organizations).set({ name: "Renamed" }).where(eq(organizations.id, org.organizationId));
    await t.app.events.publish(org.organizationId, change(org.organizationId));
    expect(await editor.nextChange()).toEqual(change(org.organizationId));
    expect(await viewer.nextChange()).toEqual(change(org.organizationId));

    // Events arrive in the order they were published: had the first one reached the outsider,
    // it would come before this one, which is about the outsider's own organization.
    await t.app.events.publish(org.otherOrganizationId, change(org.otherOrganizationId));
    expect(await outsider.nextChange()).toEqual(change(org.otherOrganizationId));
    // And the members were not told of the other organization's change.
    await t.app.events.publish(org.organizationId, change(org.organizationId, "deleted"));
    expect(await editor.nextChange()).toEqual(change(org.organizationId, "deleted"));
  });

  it("still reach the other subscribers when one of them fails", async () => {
    const failing = t.app.events.subscribe(org.organizationId, () => {
      throw new Error("a broken subscriber");
    });
    try {
      const viewer = await listen(t.app, org.organizationId, org.users.viewer);
      await expect(t.app.events.publish(org.organizationId, change(org.organizationId))).resolves.toBeUndefined();
      expect(await viewer.nextChange()).toEqual(change(org.organizationId));
    } finally {
      failing();
    }
  });

  it("are published by POST /api/organizations for the new organization, after its commit", async () => {
    const creator = await createUser(t.app);
    const published: { orgId: string; event: LiveEvent; committed: boolean }[] = [];
    const original = t.app.events.publish;
    vi.spyOn(t.app.events, "publish").mockImplementation(async (orgId, event) => {
      // Read outside the request's transaction: the row must already be there for everyone.
      const rows = await t.app.db.select().from(organizations).where(eq(organizations.id, orgId));
      published.push({ orgId, event, committed: rows.length === 1 });
      return original(orgId, event);
    });
    const created = await creator.client.post("/api/organizations", { name: "Live Org" });
    expect(created.status).toBe(201);
    expect(published).toEqual([{ orgId: created.body.id, event: change(created.body.id, "created"), committed: true }]);
  });
});

describe.runIf(process.env.TEST_DATABASE === "postgres")("live updates across instances (PostgreSQL)", () => {
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
});

describe("a removed member", () => {
  it("is told of the removal, then the stream ends", async () => {
    const stream = await listen(t.app, org.organizationId, org.users.viewer);
    const removed = await org.users.owner.client.delete(
      `/api/orgs/${org.organizationId}/members/${org.users.viewer.id}`,
    );
    expect(removed.status).toBe(204);
    expect(await stream.nextChange()).toEqual({ entity: "member", id: org.users.viewer.id, action: "deleted" });
    await expect(stream.next(5_000)).rejects.toThrow(/the stream ended/);
  });
});
