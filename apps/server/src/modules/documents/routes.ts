import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const documentRoutes: FastifyPluginAsyncZod = async () => {
  // Routes of this feature arrive with its issue.
};
