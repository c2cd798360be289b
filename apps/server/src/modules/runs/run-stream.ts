import type { RunLogChunk, RunLogEarlier } from "@flowdeck/shared/runs/schemas";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Executor } from "../../db/database.ts";
import type { EventHub, RunSignal } from "../../lib/event-hub.ts";
import { streamOwner } from "../../lib/actor.ts";
import { openEventStream, type EventStream } from "../../lib/sse.ts";
import type { StreamLimits } from "../../lib/stream-limits.ts";
import { findLastChunkBeforeTail, listLogChunks, sumLogBytesByStep } from "./repository.ts";
import { getRun } from "./service.ts";

/** Output chunks read, and sent, at most this many at a time. */
const PAGE = 2_000;
/** How long the browser waits before reconnecting a dropped stream (it resumes after its last chunk). */
const RETRY_MS = 2_000;

type Viewer = {
  stream: EventStream;
  /** The last chunk this viewer was sent. */
  cursor: number;
  /** Sent its snapshot and catching up: it is told by the feed only once live. */
  live: boolean;
  /** A signal came while it caught up: it looks again before going live. */
  missedLog: boolean;
  missedState: boolean;
};

type Feed = {
  viewers: Set<Viewer>;
  unsubscribe: () => void;
  pendingLog: boolean;
  pendingState: boolean;
  pumping: boolean;
};

export type RunFeeds = ReturnType<typeof createRunFeeds>;

/**
 * The run view's one source (docs/decisions/059): each open run has one feed on this instance
 * that hears the hub's `{ runId, seq }` signals and reads what changed once — the new chunks, or
 * the run's state — for all of this instance's viewers of that run. A viewer first gets a
 * snapshot (the run, then its output from where it resumes) and then only what is new, each chunk
 * once and in order.
 */
export function createRunFeeds(options: {
  db: Executor;
  events: EventHub;
  heartbeatMs: number;
  /** The instance's one count of open streams (the organization's live updates too). */
  limits: StreamLimits;
}) {
  const { db, events, heartbeatMs, limits } = options;
  const feeds = new Map<string, Feed>();
  const streams = new Set<EventStream>();

  function feedOf(runId: string, organizationId: string): Feed {
    const existing = feeds.get(runId);
    if (existing) return existing;
    const feed: Feed = {
      viewers: new Set(),
      unsubscribe: () => {},
      pendingLog: false,
      pendingState: false,
      pumping: false,
    };
    feed.unsubscribe = events.subscribeRun(runId, (signal) => onSignal(feed, { runId, organizationId }, signal));
    feeds.set(runId, feed);
    return feed;
  }

  function onSignal(feed: Feed, keys: { runId: string; organizationId: string }, signal: RunSignal) {
    for (const viewer of feed.viewers) {
      if (viewer.live) continue;
      if (signal.seq === null) viewer.missedState = true;
      else viewer.missedLog = true;
    }
    if (signal.seq === null) feed.pendingState = true;
    else feed.pendingLog = true;
    void pump(feed, keys);
  }

  /** Reads what the signals said changed, once, and hands it to every live viewer. */
  async function pump(feed: Feed, keys: { runId: string; organizationId: string }) {
    if (feed.pumping) return;
    feed.pumping = true;
    try {
      while (feed.pendingLog || feed.pendingState) {
        // Output first: a run's end is sent after the lines it printed before ending.
        if (feed.pendingLog) {
          feed.pendingLog = false;
          const live = [...feed.viewers].filter((viewer) => viewer.live);
          if (live.length > 0) {
            let from = Math.min(...live.map((viewer) => viewer.cursor));
            for (;;) {
              const items = await listLogChunks(db, keys.runId, from, PAGE);
              for (const viewer of live) sendNewer(viewer, items);
              if (items.length < PAGE) break;
              from = items.at(-1)!.id;
            }
          }
        }
        if (feed.pendingState) {
          feed.pendingState = false;
          const live = [...feed.viewers].filter((viewer) => viewer.live);
          if (live.length > 0) {
            const run = await getRun({ db, ...keys }).catch(() => null);
            for (const viewer of live) {
              if (run) viewer.stream.send("run", run);
              // The run was deleted with its workflow: nothing more will come.
              else viewer.stream.close();
            }
          }
        }
      }
    } catch {
      // A failed read: the next signal reads again from each viewer's cursor, nothing is skipped.
    } finally {
      feed.pumping = false;
    }
  }

  function sendNewer(viewer: Viewer, items: Awaited<ReturnType<typeof listLogChunks>>) {
    const newer: RunLogChunk[] = items.filter((item) => item.id > viewer.cursor);
    if (newer.length === 0) return;
    viewer.cursor = newer.at(-1)!.id;
    viewer.stream.send("log", { items: newer }, viewer.cursor);
  }

  /** A viewer's snapshot and catch-up: its output after `viewer.cursor` up to now, then live. */
  async function catchUp(viewer: Viewer, keys: { runId: string; organizationId: string }) {
    for (;;) {
      viewer.missedLog = false;
      const items = await listLogChunks(db, keys.runId, viewer.cursor, PAGE);
      if (viewer.stream.closed) return;
      sendNewer(viewer, items);
      if (items.length === PAGE || viewer.missedLog) continue;
      if (viewer.missedState) {
        viewer.missedState = false;
        viewer.stream.send("run", await getRun({ db, ...keys }));
        continue;
      }
      viewer.live = true;
      return;
    }
  }

  /** What a viewer opening at the start with `tail` bytes is not sent: null when the tail is all. */
  async function earlierThanTail(runId: string, tail: number): Promise<RunLogEarlier | null> {
    const until = await findLastChunkBeforeTail(db, runId, tail);
    if (until === null) return null;
    return { until, steps: await sumLogBytesByStep(db, runId, until) };
  }

  /**
   * GET …/runs/:runId/stream: 404 for another organization's run (before the stream opens); then
   * `run` events (the run as GET …/runs/:runId answers it) and `log` events (new chunks, the last
   * one's id as the event's id, so a reconnecting browser resumes after it). Opened at the start
   * with `tail`, it sends an `earlier` event after the first `run` and the output from the tail on.
   */
  async function watch(options: {
    organizationId: string;
    runId: string;
    after: number;
    /** Bytes of output to start with, from the end (a long run's output arrives tail first). */
    tail?: number;
    request: FastifyRequest;
    reply: FastifyReply;
  }) {
    const { organizationId, runId, after, tail, request, reply } = options;
    const keys = { runId, organizationId };
    const run = await getRun({ db, ...keys });
    const earlier = after === 0 && tail !== undefined ? await earlierThanTail(runId, tail) : null;
    limits.assertRoom(organizationId);
    const stream = openEventStream(request, reply, { heartbeatMs, retryMs: RETRY_MS });
    if (!stream) return;
    streams.add(stream);
    const release = limits.admit({ organizationId, owner: streamOwner(request.actor), stream });
    stream.onClose(release);
    const feed = feedOf(runId, organizationId);
    const cursor = earlier?.until ?? after;
    const viewer: Viewer = { stream, cursor, live: false, missedLog: false, missedState: false };
    feed.viewers.add(viewer);
    stream.onClose(() => {
      streams.delete(stream);
      feed.viewers.delete(viewer);
      if (feed.viewers.size === 0 && feeds.get(runId) === feed) {
        feed.unsubscribe();
        feeds.delete(runId);
      }
    });
    stream.send("run", run);
    if (earlier) stream.send("earlier", earlier);
    try {
      await catchUp(viewer, keys);
    } catch {
      stream.close();
    }
  }

  /** Ends every open stream (the server is shutting down). */
  function closeAll() {
    for (const stream of streams) stream.close();
  }

  return { watch, closeAll };
}
