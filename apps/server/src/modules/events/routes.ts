import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { AppError, MESSAGES } from "@flowdeck/shared";
import { actorKey, attributedUserId } from "../../lib/actor.ts";
import { orgScope } from "../../plugins/tenancy.ts";

/** How long the browser waits before reconnecting a dropped stream. */
const RETRY_MS = 3_000;
/**
 * Open streams one person may hold on an instance, with their session and all their tokens
 * together; a new one beyond this closes their oldest.
 */
export const MAX_STREAMS_PER_USER = 10;
/** A stream closed for a newer one waits this long before its browser tries again (no ping-pong of tabs). */
const REPLACED_RETRY_MS = 60_000;

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
  // Each person's open streams, oldest first: one member once held 1,500, each a socket and a
  // subscription, and another 40 through three tokens. A token's streams are its creator's.
  const streamsByUser = new Map<string, Set<FastifyReply>>();
  // Each organization's open streams: many members (or accounts) of one cannot exhaust the instance.
  const streamsByOrganization = new Map<string, Set<FastifyReply>>();
  const perOrganization = app.config.liveStreamsPerOrganization;

  app.get("/api/orgs/:orgId/events", { config: { action: "organization.read" } }, async (request, reply) => {
    const { organizationId } = orgScope(request);
    if ((streamsByOrganization.get(organizationId)?.size ?? 0) >= perOrganization) {
      throw new AppError("resource-exhausted", MESSAGES.tooManyStreams);
    }
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
    const streamOwner = attributedUserId(actor) ?? actorKey(actor);
    const unsubscribe = app.events.subscribe(organizationId, (event) => {
      raw.write(`event: change\ndata: ${JSON.stringify(event)}\n\n`);
      // A member who was just removed hears of it, then hears nothing more of this organization.
      const removed = event.entity === "member" && event.action === "deleted";
      if (removed && actor.kind === "user" && event.id === actor.userId) raw.end();
    });
    const heartbeat = setInterval(() => raw.write(`: heartbeat\n\n`), heartbeatMs);
    openStreams.add(reply);
    let own = streamsByUser.get(streamOwner);
    if (!own) streamsByUser.set(streamOwner, (own = new Set()));
    own.add(reply);
    const mine = own;
    let organization = streamsByOrganization.get(organizationId);
    if (!organization) streamsByOrganization.set(organizationId, (organization = new Set()));
    organization.add(reply);
    const ours = organization;
    raw.on("close", () => {
      clearInterval(heartbeat);
      unsubscribe();
      openStreams.delete(reply);
      mine.delete(reply);
      if (mine.size === 0 && streamsByUser.get(streamOwner) === mine) streamsByUser.delete(streamOwner);
      ours.delete(reply);
      if (ours.size === 0 && streamsByOrganization.get(organizationId) === ours) {
        streamsByOrganization.delete(organizationId);
      }
    });
    for (const oldest of [...mine].slice(0, Math.max(mine.size - MAX_STREAMS_PER_USER, 0))) {
      mine.delete(oldest);
      oldest.raw.end(`retry: ${REPLACED_RETRY_MS}\n: replaced by a newer stream\n\n`);
    }
    // Written once subscribed: a client that has read it is told of every later change.
    raw.write(`retry: ${RETRY_MS}\n: connected\n\n`);
  });
};
