import { TwoFactorRequirementSchema } from "@flowdeck/shared/settings/two-factor-requirement";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { OrgParamsSchema } from "@flowdeck/shared/organizations/params";
import { changeTwoFactorRequirement, getTwoFactorRequirement } from "./service.ts";
import { scopeOf } from "../../lib/scope.ts";

const PATH = "/api/orgs/:orgId/two-factor-requirement";

/** Whether every member must sign in with a second factor; the tenancy hook enforces it. */
export const twoFactorRequirementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    PATH,
    {
      config: { action: "settings.read" },
      schema: { params: OrgParamsSchema, response: { 200: TwoFactorRequirementSchema } },
    },
    async (request) => getTwoFactorRequirement(scopeOf(request)),
  );

  app.put(
    PATH,
    {
      config: { action: "twoFactor.require" },
      schema: {
        params: OrgParamsSchema,
        body: TwoFactorRequirementSchema,
        response: { 200: TwoFactorRequirementSchema },
      },
    },
    async (request) => changeTwoFactorRequirement({ ...scopeOf(request), required: request.body.required }),
  );
};
