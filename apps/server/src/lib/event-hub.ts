import type { LiveEvent } from "@flowdeck/shared";
import pg from "pg";
import { createPool } from "../db/pool.ts";

type Listener = (event: LiveEvent) => void;
type SessionsListener = (userIds: string[]) => void;
/** A live event for an organization's screens, or word that some users' cached sessions are stale. */
type Envelope = { orgId: string; event: LiveEvent } | { staleSessions: string[] };

/** What the hub reports; pino's logger (app.log) fits. */
export type HubLogger = { warn: (details: object, message: string) => void };

const CHANNEL = "flowdeck_events";
const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 10_000;
/** An idle LISTEN connection would not notice a silently lost network: it is pinged this often. */
const PING_MS = 30_000;

/**
 * Fans out what services publish after a commit to the organization's SSE subscribers.
 * With PostgreSQL, events go through NOTIFY so subscribers on every instance hear them.
 */
export type EventHub = {
  /**
   * Never rejects: the change it announces is already committed, so a lost live update must not
   * turn a successful request into an error (screens still refetch stale data on their own).
   */
  publish: (orgId: string, event: LiveEvent) => Promise<void>;
  subscribe: (orgId: string, listener: Listener) => () => void;
  /**
   * Tells every instance that these users' sessions or memberships changed (lib/session-cache.ts).
   * This instance hears it before the promise settles; the others through NOTIFY. Never rejects.
   */
  sessionsChanged: (userIds: string[]) => Promise<void>;
  onSessionsChanged: (listener: SessionsListener) => void;
  close: () => Promise<void>;
};

const silent: HubLogger = { warn: () => {} };

export async function createEventHub(options: { connectionString?: string; logger?: HubLogger }): Promise<EventHub> {
  const logger = options.logger ?? silent;
  const subscribers = new Map<string, Set<Listener>>();
  const sessionListeners: SessionsListener[] = [];

  const deliver = (envelope: Envelope) => {
    if ("staleSessions" in envelope) {
      for (const listener of sessionListeners) listener(envelope.staleSessions);
      return;
    }
    const { orgId, event } = envelope;
    for (const listener of [...(subscribers.get(orgId) ?? [])]) {
      try {
        listener(event);
      } catch (error) {
        // One failing subscriber must not keep the event from the others.
        logger.warn({ err: error }, "live updates: a subscriber failed");
      }
    }
  };

  const subscribe = (orgId: string, listener: Listener) => {
    let listeners = subscribers.get(orgId);
    if (!listeners) subscribers.set(orgId, (listeners = new Set()));
    // A wrapper per call: the same function subscribed twice is two subscriptions.
    const entry: Listener = (event) => listener(event);
    listeners.add(entry);
    return () => {
      listeners.delete(entry);
      if (listeners.size === 0 && subscribers.get(orgId) === listeners) subscribers.delete(orgId);
    };
  };

  const onSessionsChanged = (listener: SessionsListener) => void sessionListeners.push(listener);

  if (!options.connectionString) {
    return {
      publish: async (orgId, event) => deliver({ orgId, event }),
      subscribe,
      sessionsChanged: async (userIds) => deliver({ staleSessions: userIds }),
      onSessionsChanged,
      close: async () => subscribers.clear(),
    };
  }

  const connectionString = options.connectionString;
  const listener = await startListener({ connectionString, deliver, logger });
  const notifier = createPool({ connectionString, max: 2, application_name: "flowdeck-notify" });
  const notify = async (envelope: Envelope) => {
    try {
      await notifier.query("select pg_notify($1, $2)", [CHANNEL, JSON.stringify(envelope)]);
    } catch (error) {
      logger.warn({ err: error, envelope }, "live updates: an event could not be published");
    }
  };
  return {
    publish: (orgId, event) => notify({ orgId, event }),
    subscribe,
    sessionsChanged: async (userIds) => {
      // At once here (this instance's next request must see the change), then everywhere; hearing
      // our own NOTIFY later forgets nothing more.
      deliver({ staleSessions: userIds });
      await notify({ staleSessions: userIds });
    },
    onSessionsChanged,
    close: async () => {
      subscribers.clear();
      await listener.close();
      await notifier.end();
    },
  };
}

/**
 * One LISTEN connection per instance. When it drops (server restart, network, a terminated
 * backend) it is re-established with backoff; only one connection is ever live, so no event
 * is delivered twice.
 */
async function startListener(options: {
  connectionString: string;
  deliver: (envelope: Envelope) => void;
  logger: HubLogger;
}) {
  const { connectionString, deliver, logger } = options;
  let current: pg.Client | undefined;
  let closed = false;
  let retryDelay = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().catch((error: unknown) => {
        logger.warn({ err: error }, "live updates: could not listen for events; retrying");
        retryDelay = Math.min(retryDelay * 2, MAX_RETRY_MS);
        scheduleReconnect();
      });
    }, retryDelay);
    retryTimer.unref();
  };

  const connect = async (): Promise<void> => {
    const client = new pg.Client({
      connectionString,
      application_name: "flowdeck-listen",
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
      query_timeout: 10_000,
    });
    // Callbacks change this while connect() awaits, so it lives in an object.
    const link: { state: "connecting" | "listening" | "dropped"; ping?: NodeJS.Timeout } = { state: "connecting" };
    const drop = (error: unknown) => {
      if (link.state === "dropped") return;
      const wasListening = link.state === "listening";
      link.state = "dropped";
      clearInterval(link.ping);
      if (current === client) current = undefined;
      client.end().catch(() => {});
      // While connecting, connect() rejects and its caller retries.
      if (!wasListening || closed) return;
      logger.warn({ err: error }, "live updates: the LISTEN connection dropped; reconnecting");
      scheduleReconnect();
    };
    client.on("notification", (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      const envelope = parseEnvelope(message.payload);
      if (envelope) deliver(envelope);
    });
    client.on("error", drop);
    client.on("end", () => drop(new Error("The LISTEN connection ended")));
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch (error) {
      drop(error);
      throw error;
    }
    if (closed || link.state === "dropped") {
      drop(new Error("The event hub closed while listening started"));
      if (closed) return;
      throw new Error("The LISTEN connection dropped while starting");
    }
    link.state = "listening";
    current = client;
    retryDelay = FIRST_RETRY_MS;
    link.ping = setInterval(() => {
      client.query("select 1").catch(drop);
    }, PING_MS);
    link.ping.unref();
  };

  await connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retryTimer);
      const client = current;
      current = undefined;
      await client?.end().catch(() => {});
    },
  };
}

function parseEnvelope(payload: string): Envelope | undefined {
  try {
    const value = JSON.parse(payload) as { orgId?: unknown; event?: unknown; staleSessions?: unknown };
    if (typeof value.orgId === "string" && value.event && typeof value.event === "object") return value as Envelope;
    if (Array.isArray(value.staleSessions) && value.staleSessions.every((id) => typeof id === "string")) {
      return { staleSessions: value.staleSessions as string[] };
    }
  } catch {
    // Not ours: ignore.
  }
  return undefined;
}
