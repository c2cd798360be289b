import { PutSecretSchema, SecretListSchema, SecretParamsSchema, SecretSchema } from "@flowdeck/shared/secrets/schemas";
import { OrgParamsSchema } from "@flowdeck/shared/organizations/params";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { deleteSecret, listSecrets, putSecret } from "./service.ts";
import { scopeOf } from "../../lib/scope.ts";

/**
 * An organization's secrets (decision 060): editors read the names, admins set and delete them.
 * A value goes in and never comes out: no route answers with it.
 */
export const secretRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/orgs/:orgId/secrets",
    { config: { action: "secrets.read" }, schema: { params: OrgParamsSchema, response: { 200: SecretListSchema } } },
    async (request) => listSecrets(scopeOf(request)),
  );

  // Not marked idempotent: a stored fingerprint of the body would be a hash of the value. PUT is
  // idempotent by itself (the same value again replaces it with itself).
  app.put(
    "/api/orgs/:orgId/secrets/:name",
    {
      config: { action: "secrets.manage" },
      schema: { params: SecretParamsSchema, body: PutSecretSchema, response: { 200: SecretSchema, 201: SecretSchema } },
    },
    async (request, reply) => {
      const { created, secret } = await putSecret(scopeOf(request), request.params.name, request.body);
      return reply.status(created ? 201 : 200).send(secret);
    },
  );

  app.delete(
    "/api/orgs/:orgId/secrets/:name",
    { config: { action: "secrets.manage" }, schema: { params: SecretParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteSecret(scopeOf(request), request.params.name);
      return reply.status(204).send(null);
    },
  );
};
