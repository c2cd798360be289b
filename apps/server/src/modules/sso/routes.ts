import { OrgParamsSchema } from "@flowdeck/shared/organizations/params";
import {
  PutSsoConnectionSchema,
  SsoConnectionSchema,
  SsoDomainParamsSchema,
  SsoTestResultSchema,
} from "@flowdeck/shared/sso/schemas";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { scopeOf } from "../../lib/scope.ts";
import {
  getConnection,
  putConnection,
  testConnection,
  verifyDomain,
  type StoredConnection,
} from "./connection-service.ts";
import { callbackUrl } from "./sign-in.ts";

/**
 * An organization's single sign-on connection (decision 075): owners, in person. The client
 * secret goes in and never comes out.
 */
export const ssoRoutes: FastifyPluginAsyncZod = async (app) => {
  // The redirect URI the owner registers at the provider, beside every answer of the connection.
  const withCallback = async (connection: Promise<StoredConnection>) => ({
    ...(await connection),
    callbackUrl: callbackUrl(app.config.appUrl),
  });

  app.get(
    "/api/orgs/:orgId/sso",
    { config: { action: "sso.manage" }, schema: { params: OrgParamsSchema, response: { 200: SsoConnectionSchema } } },
    async (request) => withCallback(getConnection(scopeOf(request))),
  );

  // Not marked idempotent: a stored fingerprint of the body would be a hash of the client secret.
  app.put(
    "/api/orgs/:orgId/sso",
    {
      config: { action: "sso.manage" },
      schema: { params: OrgParamsSchema, body: PutSsoConnectionSchema, response: { 200: SsoConnectionSchema } },
    },
    async (request) => withCallback(putConnection(scopeOf(request), request.body)),
  );

  app.post(
    "/api/orgs/:orgId/sso/test",
    { config: { action: "sso.manage" }, schema: { params: OrgParamsSchema, response: { 200: SsoTestResultSchema } } },
    async (request) => testConnection({ ...scopeOf(request), outbound: app.outbound }),
  );

  app.post(
    "/api/orgs/:orgId/sso/domains/:domain/verify",
    {
      config: { action: "sso.manage" },
      schema: { params: SsoDomainParamsSchema, response: { 200: SsoConnectionSchema } },
    },
    async (request) =>
      withCallback(verifyDomain({ ...scopeOf(request), resolveTxt: app.resolveTxt }, request.params.domain)),
  );
};
