import { EventEmitter } from "node:events";
import type { LiveEvent } from "@flowdeck/shared";
import pg from "pg";

type Listener = (event: LiveEvent) => void;
type Envelope = { orgId: string; event: LiveEvent };

const CHANNEL = "flowdeck_events";

/**
 * Fans out what services publish after a commit to the organization's SSE subscribers.
 * With PostgreSQL, events go through NOTIFY so subscribers on every instance hear them.
 */
export type EventHub = {
  publish: (orgId: string, event: LiveEvent) => Promise<void>;
  subscribe: (orgId: string, listener: Listener) => () => void;
  close: () => Promise<void>;
};

export async function createEventHub(options: { connectionString?: string }): Promise<EventHub> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const deliver = ({ orgId, event }: Envelope) => emitter.emit(orgId, event);

  const subscribe = (orgId: string, listener: Listener) => {
    emitter.on(orgId, listener);
    return () => {
      emitter.off(orgId, listener);
    };
  };

  if (!options.connectionString) {
    return {
      publish: async (orgId, event) => {
        deliver({ orgId, event });
      },
      subscribe,
      close: async () => {
        emitter.removeAllListeners();
      },
    };
  }

  const connectionString = options.connectionString;
  const listener = await connectListener(connectionString, deliver);
  const notifier = new pg.Pool({ connectionString, max: 2 });
  notifier.on("error", () => {});
  return {
    publish: async (orgId, event) => {
      await notifier.query("select pg_notify($1, $2)", [CHANNEL, JSON.stringify({ orgId, event } satisfies Envelope)]);
    },
    subscribe,
    close: async () => {
      emitter.removeAllListeners();
      await listener.close();
      await notifier.end();
    },
  };
}

/** One LISTEN connection per instance, re-established with backoff if it drops. */
async function connectListener(connectionString: string, deliver: (envelope: Envelope) => void) {
  let client: pg.Client | undefined;
  let closed = false;
  let retryDelay = 500;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on("notification", (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        deliver(JSON.parse(message.payload) as Envelope);
      } catch {
        // Not ours: ignore.
      }
    });
    next.on("error", () => {
      if (closed) return;
      client = undefined;
      next.end().catch(() => {});
      setTimeout(() => void reconnect(), retryDelay).unref();
      retryDelay = Math.min(retryDelay * 2, 10_000);
    });
    await next.connect();
    await next.query(`listen ${CHANNEL}`);
    client = next;
    retryDelay = 500;
  };
  const reconnect = async () => {
    if (closed) return;
    try {
      await connect();
    } catch {
      setTimeout(() => void reconnect(), retryDelay).unref();
      retryDelay = Math.min(retryDelay * 2, 10_000);
    }
  };

  await connect();
  return {
    close: async () => {
      closed = true;
      await client?.end();
    },
  };
}
