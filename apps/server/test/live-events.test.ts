import type { LiveEvent } from "@flowdeck/shared";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { organizations } from "../src/db/schema/index.ts";
import { createUser, type OrgWithRoles } from "./helpers/factories.ts";
import { MAX_STREAMS_PER_PERSON as MAX_STREAMS_PER_USER } from "../src/lib/stream-limits.ts";
import { createApiToken } from "./api-tokens/token-factory.ts";
import { bearerClient } from "./helpers/http-client.ts";
import { baseUrlOf, EventStream, streamsClosedAfterEach, subscribe, waitUntil } from "./helpers/sse-client.ts";
import { createAppWithRoles, type TestApp } from "./helpers/test-app.ts";

const HEARTBEAT_MS = 100;

let t: TestApp;
let org: OrgWithRoles;
const { listen, keep } = streamsClosedAfterEach();
beforeAll(async () => {
  // Read by the event routes when the app is built; the default is 20 s.
  ({ t, org } = await createAppWithRoles({ env: { SSE_HEARTBEAT_MS: String(HEARTBEAT_MS) }, listen: true }));
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await t.close();
});
afterEach(() => vi.restoreAllMocks());

function change(id: string, action: LiveEvent["action"] = "updated"): LiveEvent {
  return { entity: "organization", id, action };
}

describe("the event stream", () => {
  it("starts with a retry line and a 'connected' comment, then sends heartbeats", async () => {
    const stream = await EventStream.open(
      `${baseUrlOf(t.app)}/api/orgs/${org.organizationId}/events`,
      org.users.viewer.client,
    );
    keep(stream);
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

describe("streams per user", () => {
  it(`keeps at most ${MAX_STREAMS_PER_USER} per user: a new one closes the oldest, the others stay live`, async () => {
    const opened: EventStream[] = [];
    for (let index = 0; index <= MAX_STREAMS_PER_USER; index++) {
      opened.push(await listen(t.app, org.organizationId, org.users.editor));
    }
    const [oldest, ...rest] = opened;
    const closing = await oldest!.nextMatching((frame) => frame.comments.includes("replaced by a newer stream"));
    expect(closing.retry).toBe(60_000);
    await expect(oldest!.next(2_000)).rejects.toThrow(/ended/);
    // Another member's stream is not affected.
    const other = await listen(t.app, org.organizationId, org.users.viewer);
    await t.app.events.publish(org.organizationId, change("after-cap"));
    for (const stream of [...rest, other]) expect(await stream.nextChange()).toEqual(change("after-cap"));
  });
});

describe("streams per person and per organization", () => {
  it(`keeps at most ${MAX_STREAMS_PER_USER} per person across their API tokens`, async () => {
    const tokens = [];
    for (let index = 0; index < 3; index++) {
      tokens.push((await createApiToken(org.users.admin.client, org.organizationId, { role: "viewer" })).token);
    }
    const opened: EventStream[] = [];
    for (let index = 0; index <= MAX_STREAMS_PER_USER; index++) {
      const client = bearerClient(t.app, tokens[index % tokens.length]!);
      opened.push(keep(await subscribe(t.app, org.organizationId, client)));
    }
    const closing = await opened[0]!.nextMatching((frame) => frame.comments.includes("replaced by a newer stream"));
    expect(closing.retry).toBe(60_000);
    // The person's own session counts with their tokens: it replaces the next oldest.
    await listen(t.app, org.organizationId, org.users.admin);
    await opened[1]!.nextMatching((frame) => frame.comments.includes("replaced by a newer stream"));
  });

  it("refuses a stream past the organization's limit, and takes one again once another closed", async () => {
    const small = await createAppWithRoles({ env: { LIVE_STREAMS_PER_ORGANIZATION: "3" }, listen: true });
    try {
      const { users, organizationId, otherOrganizationId } = small.org;
      const open = [];
      for (const user of [users.owner, users.admin, users.editor])
        open.push(await subscribe(small.t.app, organizationId, user.client));
      const refused = await EventStream.open(
        `${baseUrlOf(small.t.app)}/api/orgs/${organizationId}/events`,
        users.viewer.client,
      );
      keep(refused);
      expect(refused.status).toBe(429);
      // Another organization is not affected.
      keep(await subscribe(small.t.app, otherOrganizationId, users.outsider.client));
      open[0]!.close();
      await waitUntil(
        async () => {
          const again = await EventStream.open(
            `${baseUrlOf(small.t.app)}/api/orgs/${organizationId}/events`,
            users.viewer.client,
          );
          keep(again);
          return again.status === 200;
        },
        5_000,
        "a free place",
      );
      for (const stream of open) stream.close();
    } finally {
      await small.t.close();
    }
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
    const original = t.app.events.publishAll;
    vi.spyOn(t.app.events, "publishAll").mockImplementation(async (messages) => {
      for (const message of messages) {
        if (!("event" in message)) continue;
        // Read outside the request's transaction: the row must already be there for everyone.
        const rows = await t.app.db.select().from(organizations).where(eq(organizations.id, message.orgId));
        published.push({ orgId: message.orgId, event: message.event, committed: rows.length === 1 });
      }
      return original(messages);
    });
    const created = await creator.client.post("/api/organizations", { name: "Live Org" });
    expect(created.status).toBe(201);
    expect(published).toEqual([{ orgId: created.body.id, event: change(created.body.id, "created"), committed: true }]);
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
