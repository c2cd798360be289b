import { CreateHookSchema, HookListSchema, HookParamsSchema, HookSecretsSchema } from "@flowdeck/shared/hooks/schemas";
import { WorkflowParamsSchema } from "@flowdeck/shared/workflows/schemas";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { scopeOf } from "../../lib/scope.ts";
import { createHook, listHooks, revokeHook, rotateHook } from "./service.ts";

const HOOKS = "/api/orgs/:orgId/workflows/:workflowId/hooks";

/**
 * A workflow's inbound webhooks (decision 068): editors list, create, rotate and revoke them;
 * viewers see nothing of them. Create and rotate answer the URL and signing secret, once.
 */
export const hookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { appUrl } = app.config;

  app.get(
    HOOKS,
    { config: { action: "hooks.read" }, schema: { params: WorkflowParamsSchema, response: { 200: HookListSchema } } },
    async (request) =>
      listHooks({
        db: app.db,
        organizationId: scopeOf(request).organizationId,
        workflowId: request.params.workflowId,
      }),
  );

  app.post(
    HOOKS,
    {
      config: { action: "hooks.manage" },
      schema: { params: WorkflowParamsSchema, body: CreateHookSchema, response: { 201: HookSecretsSchema } },
    },
    async (request, reply) => {
      const created = await createHook(
        { ...scopeOf(request), workflowId: request.params.workflowId, appUrl },
        request.body,
      );
      return reply.status(201).send(created);
    },
  );

  app.post(
    `${HOOKS}/:hookId/rotate`,
    {
      config: { action: "hooks.manage" },
      schema: { params: HookParamsSchema, response: { 200: HookSecretsSchema } },
    },
    async (request) => rotateHook({ ...scopeOf(request), ...request.params, appUrl }),
  );

  app.delete(
    `${HOOKS}/:hookId`,
    { config: { action: "hooks.manage" }, schema: { params: HookParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await revokeHook({ ...scopeOf(request), ...request.params });
      return reply.status(204).send(null);
    },
  );
};
