import { MeSchema, SwitchOrganizationSchema } from "@flowdeck/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { userOf } from "../../plugins/authentication.ts";
import { switchOrganization } from "../organizations/service.ts";
import { getMe } from "./service.ts";

/** The signed-in user as the web app's shell reads them, and their choice of current organization. */
export const meRoutes: FastifyPluginAsyncZod = async (app) => {
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
};
