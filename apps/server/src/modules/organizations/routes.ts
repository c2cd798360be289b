import { CreateOrganizationSchema, MeSchema, SwitchOrganizationSchema } from "@flowdeck/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { userOf, userScope } from "../../plugins/authentication.ts";
import { createOrganization, getMe, switchOrganization } from "./service.ts";

export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/me", { schema: { response: { 200: MeSchema } } }, async (request) => {
    const user = userOf(request);
    return getMe({ db: app.db, userId: user.userId });
  });

  app.put(
    "/api/me/current-organization",
    { schema: { body: SwitchOrganizationSchema, response: { 200: MeSchema } } },
    async (request) => {
      const user = userOf(request);
      await switchOrganization({ db: app.db, userId: user.userId, organizationId: request.body.organizationId });
      return getMe({ db: app.db, userId: user.userId });
    },
  );

  app.post(
    "/api/organizations",
    { schema: { body: CreateOrganizationSchema, response: { 201: z.object({ id: z.string(), name: z.string() }) } } },
    async (request, reply) => {
      const organization = await createOrganization({ ...userScope(request), name: request.body.name });
      return reply.status(201).send(organization);
    },
  );
};
