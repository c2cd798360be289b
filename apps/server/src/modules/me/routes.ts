import { MeSchema, SwitchOrganizationSchema } from "@flowdeck/shared";
import { CurrentOrganizationSchema } from "@flowdeck/shared/organizations/current";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { switchOrganization } from "../organizations/service.ts";
import { getCurrentOrganization } from "./current-organization.ts";
import { getMe } from "./service.ts";
import { userOf, userOrTokenOf } from "../../lib/scope.ts";

/**
 * The signed-in user as the web app's shell reads them, their choice of current organization, and
 * "who am I" for scripts: an API token learns its organization's id (which every
 * /api/orgs/{orgId}/… call needs) and its role.
 */
export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/me",
    {
      config: { apiTokens: true },
      schema: {
        description:
          "The signed-in user and their organizations; called with an API token, the token's organization and role (as GET /api/orgs/current answers).",
        response: { 200: z.union([MeSchema, CurrentOrganizationSchema]) },
      },
    },
    async (request) => {
      const actor = userOrTokenOf(request);
      if (actor.kind === "token") return getCurrentOrganization({ db: app.db, actor });
      return getMe({ db: app.db, userId: actor.userId });
    },
  );

  app.get(
    "/api/orgs/current",
    {
      config: { apiTokens: true },
      schema: {
        operationId: "getCurrentOrganization",
        summary: "Get the caller's organization and role (who am I)",
        description:
          "The caller's organization and role: an API token's own, or a signed-in person's current organization (404 when they have none).",
        response: { 200: CurrentOrganizationSchema },
      },
    },
    async (request) => getCurrentOrganization({ db: app.db, actor: userOrTokenOf(request) }),
  );

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
