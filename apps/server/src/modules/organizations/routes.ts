import { CreateOrganizationSchema, MeSchema, SwitchOrganizationSchema } from "@flowdeck/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { createOrganization, getMe, switchOrganization } from "./service.ts";

export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/me", { schema: { response: { 200: MeSchema } } }, async (request) => {
    const user = request.user;
    return getMe({ db: app.db, userId: user.id });
  });

  app.put(
    "/api/me/current-organization",
    { schema: { body: SwitchOrganizationSchema, response: { 200: MeSchema } } },
    async (request) => {
      const user = request.user;
      await switchOrganization({ db: app.db, userId: user.id, organizationId: request.body.organizationId });
      return getMe({ db: app.db, userId: user.id });
    },
  );

  app.post(
    "/api/organizations",
    { schema: { body: CreateOrganizationSchema, response: { 201: z.object({ id: z.string(), name: z.string() }) } } },
    async (request, reply) => {
      const user = request.user;
      const organization = await createOrganization({
        db: app.db,
        events: app.events,
        userId: user.id,
        name: request.body.name,
      });
      return reply.status(201).send(organization);
    },
  );
};
