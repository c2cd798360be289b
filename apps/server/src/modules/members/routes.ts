import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const memberRoutes: FastifyPluginAsyncZod = async () => {
  // Routes of this feature arrive with its issue.
};
