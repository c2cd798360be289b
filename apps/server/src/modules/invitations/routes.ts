import { PageQuerySchema, pageOf } from "@flowdeck/shared";
import {
  AcceptedInvitationSchema,
  CreateInvitationSchema,
  InvitationCodeParamsSchema,
  InvitationParamsSchema,
  InvitationPreviewSchema,
  InvitationSchema,
  SentInvitationSchema,
} from "@flowdeck/shared/invitations/schemas";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { OrgParamsSchema } from "@flowdeck/shared/organizations/params";
import {
  acceptInvitation,
  cancelInvitation,
  declineInvitation,
  inviteUser,
  listInvitations,
  previewInvitation,
  resendInvitation,
} from "./service.ts";
import { scopeOf, userScopeOf } from "../../lib/scope.ts";
import { abuseLimit } from "../../lib/rate-limits.ts";

/**
 * Admins' invitation management under /api/orgs/:orgId/invitations, and the invitee's side under
 * /api/invitations/:code: a public preview, then accept or decline once signed in.
 */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const mail = { mailer: app.mailer, appUrl: app.config.appUrl, perMinute: app.config.abuseRateLimit };

  app.get(
    "/api/orgs/:orgId/invitations",
    {
      config: { action: "invitations.read" },
      schema: { params: OrgParamsSchema, querystring: PageQuerySchema, response: { 200: pageOf(InvitationSchema) } },
    },
    async (request) => {
      return listInvitations({ ...scopeOf(request), page: request.query });
    },
  );

  app.post(
    "/api/orgs/:orgId/invitations",
    {
      // Each one sends a mail: the service spends the person's, the address's and the client's budgets.
      config: { action: "invitations.send", idempotent: true },
      schema: { params: OrgParamsSchema, body: CreateInvitationSchema, response: { 201: SentInvitationSchema } },
    },
    async (request, reply) => {
      const invitation = await inviteUser({
        ...scopeOf(request),
        mail,
        input: request.body,
        idempotency: request.idempotency,
      });
      return reply.status(201).send(invitation);
    },
  );

  app.post(
    "/api/orgs/:orgId/invitations/:id/resend",
    {
      config: { action: "invitations.send" },
      schema: { params: InvitationParamsSchema, response: { 200: SentInvitationSchema } },
    },
    async (request) => {
      return resendInvitation({
        ...scopeOf(request),
        mail,
        id: request.params.id,
      });
    },
  );

  app.delete(
    "/api/orgs/:orgId/invitations/:id",
    {
      config: { action: "invitations.cancel" },
      schema: { params: InvitationParamsSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await cancelInvitation({
        ...scopeOf(request),
        id: request.params.id,
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/invitations/:code",
    {
      // Guessing codes: limited per address.
      config: { public: true, rateLimit: abuseLimit(app.config.abuseRateLimit) },
      schema: { params: InvitationCodeParamsSchema, response: { 200: InvitationPreviewSchema } },
    },
    async (request, reply) => {
      // The answer names a person and an address: keep it out of shared caches.
      reply.header("cache-control", "no-store");
      return previewInvitation({ db: app.db, code: request.params.code });
    },
  );

  app.post(
    "/api/invitations/:code/accept",
    {
      config: { rateLimit: abuseLimit(app.config.abuseRateLimit) },
      schema: { params: InvitationCodeParamsSchema, response: { 200: AcceptedInvitationSchema } },
    },
    async (request) => acceptInvitation({ ...userScopeOf(request), code: request.params.code }),
  );

  app.post(
    "/api/invitations/:code/decline",
    {
      config: { rateLimit: abuseLimit(app.config.abuseRateLimit) },
      schema: { params: InvitationCodeParamsSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await declineInvitation({ ...userScopeOf(request), code: request.params.code });
      return reply.status(204).send(null);
    },
  );
};
