import { CreateOrganizationSchema } from "@flowdeck/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { createOrganization } from "./service.ts";
import { userScopeOf } from "../../lib/scope.ts";

export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/organizations",
    { schema: { body: CreateOrganizationSchema, response: { 201: z.object({ id: z.string(), name: z.string() }) } } },
    async (request, reply) => {
      const organization = await createOrganization({ ...userScopeOf(request), name: request.body.name });
      return reply.status(201).send(organization);
    },
  );
};
