import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { streamOwner } from "../../lib/actor.ts";
import { MAX_STREAMS_PER_PERSON, streamLimitsOf } from "../../lib/stream-limits.ts";
import { scopeOf } from "../../lib/scope.ts";

/** How long the browser waits before reconnecting a dropped stream. */
const RETRY_MS = 3_000;

/**
 * GET /api/orgs/:orgId/events: a Server-Sent Events stream of the organization's changes.
 * The membership guard has already run; the browser reconnects after `retry` when it drops.
 */
export const eventRoutes: FastifyPluginAsync = async (app) => {
  // How often an idle stream sends a comment, so proxies and load balancers keep it open.
  const heartbeatMs = app.config.sseHeartbeatMs;
  const openStreams = new Set<FastifyReply>();
  // On shutdown, end the streams first: they would otherwise hold the server open.
  app.addHook("preClose", async () => {
    for (const stream of openStreams) stream.raw.end();
  });
  // Each person's and each organization's open streams, run streams included (lib/stream-limits.ts).
  const limits = streamLimitsOf(app.server, {
    perPerson: MAX_STREAMS_PER_PERSON,
    perOrganization: app.config.liveStreamsPerOrganization,
  });

  app.get("/api/orgs/:orgId/events", { config: { action: "organization.read" } }, async (request, reply) => {
    const { organizationId } = scopeOf(request);
    limits.assertRoom(organizationId);
    reply.hijack();
    const raw = reply.raw;
    // The client may have left while the guards ran: then nothing would ever clean up after it.
    if (request.raw.socket?.destroyed || raw.destroyed) return;
    // helmet's headers are already on the raw response, so the stream carries them too.
    raw.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
      "x-content-type-options": "nosniff",
    });

    const { actor } = request;
    const unsubscribe = app.events.subscribe(organizationId, (event) => {
      raw.write(`event: change\ndata: ${JSON.stringify(event)}\n\n`);
      // A member who was just removed hears of it, then hears nothing more of this organization.
      const removed = event.entity === "member" && event.action === "deleted";
      if (removed && actor.kind === "user" && event.id === actor.userId) raw.end();
    });
    const heartbeat = setInterval(() => raw.write(`: heartbeat\n\n`), heartbeatMs);
    openStreams.add(reply);
    const release = limits.admit({
      organizationId,
      owner: streamOwner(actor),
      stream: { end: (text) => raw.end(text) },
    });
    raw.on("close", () => {
      clearInterval(heartbeat);
      unsubscribe();
      openStreams.delete(reply);
      release();
    });
    // Written once subscribed: a client that has read it is told of every later change.
    raw.write(`retry: ${RETRY_MS}\n: connected\n\n`);
  });
};
