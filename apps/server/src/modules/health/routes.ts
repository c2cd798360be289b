import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";

export function registerHealthRoutes(app: FastifyInstance) {
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
}
