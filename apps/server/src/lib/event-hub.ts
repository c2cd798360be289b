import type { LiveEvent } from "@flowdeck/shared";
import pg from "pg";
import { createPool } from "../db/pool.ts";

type Listener = (event: LiveEvent) => void;
type SessionsListener = (userIds: string[]) => void;

/**
 * Word about one run for its viewers (the run stream, modules/runs/run-stream.ts): `seq` is the id
 * of the last output chunk stored, or null when the run's state changed. Only this crosses
 * instances; each instance reads what changed once for all its viewers of the run.
 */
export type RunSignal = { runId: string; seq: number | null };
type RunListener = (signal: RunSignal) => void;
type QueueListener = () => void;

/**
 * A live event for an organization's screens, word that some users' cached sessions are stale,
 * a run's signal for its viewers, or word that an organization's queue has a new run for its runners.
 */
type Envelope =
  { orgId: string; event: LiveEvent } | { staleSessions: string[] } | { run: RunSignal } | { queue: string };

/** What one change announces after its commit: its live events, run signals and queue wake-ups, in order. */
export type HubMessage = { orgId: string; event: LiveEvent } | { run: RunSignal } | { queue: string };

/** NOTIFY's payload must stay under 8,000 bytes: a change's messages go in batches below that. */
const BATCH_BYTES = 7_000;

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
  /** Tells the run's viewers on every instance that it changed or has new output. Never rejects. */
  signalRun: (signal: RunSignal) => Promise<void>;
  subscribeRun: (runId: string, listener: RunListener) => () => void;
  /** Wakes the organization's runners waiting for work, on every instance. Never rejects. */
  signalQueue: (orgId: string) => Promise<void>;
  subscribeQueue: (orgId: string, listener: QueueListener) => () => void;
  /**
   * Everything one change announces, in order: with PostgreSQL in as few NOTIFYs as fit (one for a
   * run's report), rather than one per message. Never rejects.
   */
  publishAll: (messages: HubMessage[]) => Promise<void>;
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
  const subscribers = topics<LiveEvent>(logger);
  const runSubscribers = topics<RunSignal>(logger);
  const queueSubscribers = topics<void>(logger);
  const sessionListeners: SessionsListener[] = [];

  const deliver = (envelope: Envelope) => {
    if ("staleSessions" in envelope) {
      for (const listener of sessionListeners) listener(envelope.staleSessions);
    } else if ("run" in envelope) {
      runSubscribers.deliver(envelope.run.runId, envelope.run);
    } else if ("queue" in envelope) {
      queueSubscribers.deliver(envelope.queue, undefined);
    } else {
      subscribers.deliver(envelope.orgId, envelope.event);
    }
  };

  const subscribe = (orgId: string, listener: Listener) => subscribers.subscribe(orgId, listener);
  const subscribeRun = (runId: string, listener: RunListener) => runSubscribers.subscribe(runId, listener);
  const subscribeQueue = (orgId: string, listener: QueueListener) => queueSubscribers.subscribe(orgId, listener);

  const onSessionsChanged = (listener: SessionsListener) => void sessionListeners.push(listener);

  if (!options.connectionString) {
    return {
      publish: async (orgId, event) => deliver({ orgId, event }),
      subscribe,
      signalRun: async (signal) => deliver({ run: signal }),
      subscribeRun,
      signalQueue: async (orgId) => deliver({ queue: orgId }),
      subscribeQueue,
      publishAll: async (messages) => messages.forEach(deliver),
      sessionsChanged: async (userIds) => deliver({ staleSessions: userIds }),
      onSessionsChanged,
      close: async () => {
        subscribers.clear();
        runSubscribers.clear();
        queueSubscribers.clear();
      },
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
    signalRun: (signal) => notify({ run: signal }),
    subscribeRun,
    signalQueue: (orgId) => notify({ queue: orgId }),
    subscribeQueue,
    publishAll: async (messages) => {
      for (const batch of batches(messages)) {
        if (batch.length === 1) await notify(batch[0]!);
        else await notify({ batch } as unknown as Envelope);
      }
    },
    sessionsChanged: async (userIds) => {
      // At once here (this instance's next request must see the change), then everywhere; hearing
      // our own NOTIFY later forgets nothing more.
      deliver({ staleSessions: userIds });
      await notify({ staleSessions: userIds });
    },
    onSessionsChanged,
    close: async () => {
      subscribers.clear();
      runSubscribers.clear();
      queueSubscribers.clear();
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
      for (const envelope of parseEnvelopes(message.payload)) deliver(envelope);
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

/** Listeners by key (an organization, a run), each called in turn; one that throws does not stop the rest. */
function topics<T>(logger: HubLogger) {
  const byKey = new Map<string, Set<(value: T) => void>>();
  return {
    deliver(key: string, value: T) {
      for (const listener of [...(byKey.get(key) ?? [])]) {
        try {
          listener(value);
        } catch (error) {
          logger.warn({ err: error }, "live updates: a subscriber failed");
        }
      }
    },
    subscribe(key: string, listener: (value: T) => void) {
      let listeners = byKey.get(key);
      if (!listeners) byKey.set(key, (listeners = new Set()));
      // A wrapper per call: the same function subscribed twice is two subscriptions.
      const entry = (value: T) => listener(value);
      listeners.add(entry);
      return () => {
        listeners.delete(entry);
        if (listeners.size === 0 && byKey.get(key) === listeners) byKey.delete(key);
      };
    },
    clear: () => byKey.clear(),
  };
}

/** Messages in order, cut into runs whose JSON stays under BATCH_BYTES (one message alone may be larger). */
function batches(messages: HubMessage[]): HubMessage[][] {
  const result: HubMessage[][] = [];
  let current: HubMessage[] = [];
  let bytes = 0;
  for (const message of messages) {
    const size = Buffer.byteLength(JSON.stringify(message)) + 1;
    if (current.length > 0 && bytes + size > BATCH_BYTES) {
      result.push(current);
      current = [];
      bytes = 0;
    }
    current.push(message);
    bytes += size;
  }
  if (current.length > 0) result.push(current);
  return result;
}

/** One NOTIFY's envelopes: a batch of them, or one. */
function parseEnvelopes(payload: string): Envelope[] {
  try {
    const value = JSON.parse(payload) as { batch?: unknown };
    if (Array.isArray(value.batch)) return value.batch.flatMap((item) => toEnvelope(item) ?? []);
    return [toEnvelope(value)].flatMap((envelope) => envelope ?? []);
  } catch {
    return [];
  }
}

function toEnvelope(raw: unknown): Envelope | undefined {
  if (!raw || typeof raw !== "object") return undefined;
  const value = raw as {
    orgId?: unknown;
    event?: unknown;
    staleSessions?: unknown;
    run?: { runId?: unknown; seq?: unknown };
    queue?: unknown;
  };
  if (typeof value.orgId === "string" && value.event && typeof value.event === "object") return value as Envelope;
  if (
    value.run &&
    typeof value.run.runId === "string" &&
    (value.run.seq === null || typeof value.run.seq === "number")
  ) {
    return { run: { runId: value.run.runId, seq: value.run.seq } };
  }
  if (typeof value.queue === "string") return { queue: value.queue };
  if (Array.isArray(value.staleSessions) && value.staleSessions.every((id) => typeof id === "string")) {
    return { staleSessions: value.staleSessions as string[] };
  }
  // Not ours: ignore.
  return undefined;
}
