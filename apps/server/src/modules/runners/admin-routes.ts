import { OrgParamsSchema } from "@flowdeck/shared/organizations/params";
import {
  RegistrationTokenSchema,
  RunnerListSchema,
  RunnerParamsSchema,
  RunnerSchema,
  UpdateRunnerSchema,
} from "@flowdeck/shared/runners/schemas";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createRegistrationToken, listRunners, revokeRunner, updateRunner } from "./service.ts";
import { scopeOf, userOf } from "../../lib/scope.ts";

const BASE = "/api/orgs/:orgId/runners";

/** The Runners page (/admin/runners): admins and owners register, rename, label and revoke runners. */
export const runnerAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const scope = (request: FastifyRequest) => scopeOf(request);

  app.get(
    BASE,
    { config: { action: "runners.read" }, schema: { params: OrgParamsSchema, response: { 200: RunnerListSchema } } },
    async (request) => listRunners(scope(request)),
  );

  app.post(
    `${BASE}/registration-tokens`,
    {
      config: { action: "runners.manage" },
      schema: { params: OrgParamsSchema, response: { 201: RegistrationTokenSchema } },
    },
    async (request, reply) => {
      reply.status(201);
      return createRegistrationToken({ ...scope(request), userId: userOf(request).userId, appUrl: app.config.appUrl });
    },
  );

  app.patch(
    `${BASE}/:runnerId`,
    {
      config: { action: "runners.manage" },
      schema: { params: RunnerParamsSchema, body: UpdateRunnerSchema, response: { 200: RunnerSchema } },
    },
    async (request) => updateRunner({ ...scope(request), runnerId: request.params.runnerId, input: request.body }),
  );

  app.post(
    `${BASE}/:runnerId/revoke`,
    { config: { action: "runners.manage" }, schema: { params: RunnerParamsSchema } },
    async (request, reply) => {
      await revokeRunner({ ...scope(request), runnerId: request.params.runnerId });
      return reply.status(204).send();
    },
  );
};
