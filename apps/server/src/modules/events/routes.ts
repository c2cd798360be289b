import type { FastifyInstance, FastifyReply } from "fastify";

const HEARTBEAT_MS = 20_000;

/**
 * GET /api/orgs/:orgId/events: a Server-Sent Events stream of the organization's changes.
 * The membership guard has already run; the browser reconnects after `retry` when it drops.
 */
export function registerEventRoutes(app: FastifyInstance, openStreams: Set<FastifyReply>) {
  app.get("/api/orgs/:orgId/events", async (request, reply) => {
    const { organizationId } = request.org;
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
      "x-content-type-options": "nosniff",
    });
    raw.write(`retry: 3000\n: connected\n\n`);

    const unsubscribe = app.events.subscribe(organizationId, (event) => {
      raw.write(`event: change\ndata: ${JSON.stringify(event)}\n\n`);
    });
    const heartbeat = setInterval(() => raw.write(`: heartbeat\n\n`), HEARTBEAT_MS);
    openStreams.add(reply);
    const cleanUp = () => {
      clearInterval(heartbeat);
      unsubscribe();
      openStreams.delete(reply);
    };
    raw.on("close", cleanUp);
  });
}
