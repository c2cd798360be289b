import { PageQuerySchema, pageOf } from "@flowdeck/shared";
import {
  ApiTokenParamsSchema,
  ApiTokenSchema,
  CreateApiTokenSchema,
  CreatedApiTokenSchema,
} from "@flowdeck/shared/api-tokens/schemas";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { OrgParamsSchema } from "@flowdeck/shared/organizations/params";
import { createToken, listTokens, revokeToken } from "./service.ts";
import { scopeOf, userOf } from "../../lib/scope.ts";

/**
 * API tokens of an organization (admin and owner; decision 020). Managing tokens is for people
 * only: the ACTIONS table marks these actions peopleOnly, so a token cannot mint another.
 */
export const apiTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/orgs/:orgId/api-tokens",
    {
      config: { action: "apiTokens.read" },
      schema: { params: OrgParamsSchema, querystring: PageQuerySchema, response: { 200: pageOf(ApiTokenSchema) } },
    },
    async (request) => listTokens(scopeOf(request), request.query),
  );

  // Not idempotent on purpose: a replayed answer would have to show the secret a second time.
  app.post(
    "/api/orgs/:orgId/api-tokens",
    {
      config: { action: "apiTokens.create" },
      schema: { params: OrgParamsSchema, body: CreateApiTokenSchema, response: { 201: CreatedApiTokenSchema } },
    },
    async (request, reply) => {
      const token = await createToken({ ...scopeOf(request), creator: userOf(request) }, request.body);
      return reply.status(201).send(token);
    },
  );

  app.delete(
    "/api/orgs/:orgId/api-tokens/:tokenId",
    { config: { action: "apiTokens.revoke" }, schema: { params: ApiTokenParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await revokeToken(scopeOf(request), request.params.tokenId);
      return reply.status(204).send(null);
    },
  );
};
