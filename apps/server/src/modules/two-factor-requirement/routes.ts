import { TwoFactorRequirementSchema } from "@flowdeck/shared/settings/two-factor-requirement";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { OrgParamsSchema } from "@flowdeck/shared/organizations/params";
import { orgScope } from "../../plugins/tenancy.ts";
import { changeTwoFactorRequirement, getTwoFactorRequirement } from "./service.ts";

const PATH = "/api/orgs/:orgId/two-factor-requirement";

/** Whether every member must sign in with a second factor; the tenancy hook enforces it. */
export const twoFactorRequirementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    PATH,
    {
      config: { action: "settings.read" },
      schema: { params: OrgParamsSchema, response: { 200: TwoFactorRequirementSchema } },
    },
    async (request) => getTwoFactorRequirement(orgScope(request)),
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
    async (request) => changeTwoFactorRequirement({ ...orgScope(request), required: request.body.required }),
  );
};
