import { MESSAGES } from "@flowdeck/shared";
import Fastify, { type FastifyInstance } from "fastify";
import type { PoolStats } from "../db/database.ts";
import { errorBody } from "../lib/error-body.ts";
import { createMetrics, type Metrics } from "../lib/metrics.ts";
import { metricsRoutes } from "../modules/metrics/routes.ts";
import { registerErrorHandler } from "./error-handler.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** This app's Prometheus metrics (lib/metrics.ts), one registry per app. */
    metrics: Metrics;
    /** The listener of METRICS_PORT when it is set; it listens once the app is ready. */
    metricsServer: FastifyInstance | null;
  }
}

/**
 * The metrics (docs/decisions/062): every answered request is counted by its route pattern
 * (`routeOptions.url`, never the raw URL), method and status; GET /metrics is served on the app's
 * port, or with METRICS_PORT only on a listener of its own (the public port then answers 404), so
 * it can stay off the public network.
 */
export function registerMetrics(app: FastifyInstance) {
  const metrics = createMetrics();
  app.decorate("metrics", metrics);
  app.addHook("onResponse", async (request, reply) => {
    metrics.httpRequest({
      route: request.routeOptions.url,
      method: request.method,
      status: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
    });
  });
}

/** GET /metrics, after the error handler (its refusals answer in the one error shape). */
export async function serveMetrics(app: FastifyInstance, poolStats: () => PoolStats) {
  const { port } = app.config.metrics;
  if (port === undefined) {
    app.decorate("metricsServer", null);
    await app.register(metricsRoutes(app, poolStats));
    return;
  }
  // Not the SPA's page either: the public port knows nothing of /metrics.
  app.get("/metrics", async (_request, reply) => reply.status(404).send(errorBody("not-found", MESSAGES.notFound)));
  const server = Fastify({ logger: false });
  registerErrorHandler(server);
  await server.register(metricsRoutes(app, poolStats));
  app.decorate("metricsServer", server);
  // Listening once the app is ready (before its own port opens): a scrape never races start-up.
  app.addHook("onReady", async () => {
    await server.listen({ host: app.config.host, port });
  });
  app.addHook("onClose", async () => {
    await server.close();
  });
}
