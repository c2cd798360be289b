import { createHash, timingSafeEqual } from "node:crypto";
import { AppError } from "@flowdeck/shared";
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from "fastify";
import type { MetricsSnapshot } from "../../lib/metrics.ts";
import { scrapeMetrics } from "./service.ts";

export const METRICS_MESSAGES = {
  missingToken: "GET /metrics needs the metrics token (Authorization: Bearer <METRICS_TOKEN>)",
  wrongToken: "This metrics token is not the one configured (METRICS_TOKEN)",
} as const;

/**
 * GET /metrics for Prometheus (docs/decisions/062), registered on the public app, or on the small
 * listener of METRICS_PORT (plugins/metrics.ts): `source` is the app whose database and metrics
 * are read. With METRICS_TOKEN set, a scrape must send it as a bearer token.
 */
export function metricsRoutes(source: FastifyInstance, poolStats: () => MetricsSnapshot["pool"]): FastifyPluginAsync {
  return async (app) => {
    app.get("/metrics", async (request, reply) => {
      checkToken(request, source.config.metrics.token);
      const { contentType, body } = await scrapeMetrics({ db: source.db, metrics: source.metrics, poolStats });
      return reply.header("content-type", contentType).header("cache-control", "no-store").send(body);
    });
  };
}

function checkToken(request: FastifyRequest, token: string | undefined) {
  if (token === undefined) return;
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "");
  if (!match) throw new AppError("unauthenticated", METRICS_MESSAGES.missingToken);
  // Compared as digests of one length, in constant time: neither the length nor a prefix leaks.
  const digest = (value: string) => createHash("sha256").update(value).digest();
  if (!timingSafeEqual(digest(match[1]!), digest(token))) {
    throw new AppError("unauthenticated", METRICS_MESSAGES.wrongToken);
  }
}
