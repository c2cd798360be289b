import { sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";

/** Liveness and readiness, for load balancers and orchestrators; public. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  /** The process is up. */
  app.get("/healthz", async () => ({ status: "ok" }));

  /** The database answers. */
  app.get("/readyz", async (request, reply) => {
    try {
      await app.db.execute(sql`select 1`);
      return { status: "ready" };
    } catch (error) {
      request.log.warn({ err: error }, "database not ready");
      return reply.status(503).send({ status: "unavailable" });
    }
  });
};
