import {
  CreateFreezeWindowSchema,
  FreezeWindowListSchema,
  FreezeWindowParamsSchema,
  FreezeWindowSchema,
} from "@flowdeck/shared/freeze-windows/schemas";
import { OrgParamsSchema } from "@flowdeck/shared/organizations/params";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { scopeOf } from "../../lib/scope.ts";
import { createFreezeWindow, deleteFreezeWindow, listFreezeWindows } from "./service.ts";

/** Change-freeze windows (decision 071): admins and owners list, create and delete them. */
export const freezeWindowRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { action: "freezeWindows.manage" } as const;
  app.get(
    "/api/orgs/:orgId/freeze-windows",
    { config, schema: { params: OrgParamsSchema, response: { 200: FreezeWindowListSchema } } },
    async (request) => listFreezeWindows(scopeOf(request)),
  );

  app.post(
    "/api/orgs/:orgId/freeze-windows",
    {
      config,
      schema: { params: OrgParamsSchema, body: CreateFreezeWindowSchema, response: { 201: FreezeWindowSchema } },
    },
    async (request, reply) => reply.status(201).send(await createFreezeWindow(scopeOf(request), request.body)),
  );

  app.delete(
    "/api/orgs/:orgId/freeze-windows/:windowId",
    { config, schema: { params: FreezeWindowParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteFreezeWindow(scopeOf(request), request.params.windowId);
      return reply.status(204).send(null);
    },
  );
};
