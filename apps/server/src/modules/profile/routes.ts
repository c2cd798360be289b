import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const profileRoutes: FastifyPluginAsyncZod = async () => {
  // Routes of this feature arrive with its issue.
};
