import { PageQuerySchema, pageOf } from "@flowdeck/shared";
import {
  AcceptedInvitationSchema,
  CreateInvitationSchema,
  InvitationCodeParamsSchema,
  InvitationParamsSchema,
  InvitationPreviewSchema,
  InvitationSchema,
} from "@flowdeck/shared/invitations/schemas";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { OrgParamsSchema } from "../../lib/route-params.ts";
import { abuseLimit, perAccountLimit } from "../../plugins/rate-limit-store.ts";
import {
  acceptInvitation,
  cancelInvitation,
  declineInvitation,
  inviteUser,
  listInvitations,
  previewInvitation,
  resendInvitation,
} from "./service.ts";

/**
 * Admins' invitation management under /api/orgs/:orgId/invitations, and the invitee's side under
 * /api/invitations/:code: a public preview, then accept or decline once signed in.
 */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const mail = { mailer: app.mailer, appUrl: app.config.appUrl };

  app.get(
    "/api/orgs/:orgId/invitations",
    {
      config: { action: "invitations.read" },
      schema: { params: OrgParamsSchema, querystring: PageQuerySchema, response: { 200: pageOf(InvitationSchema) } },
    },
    async (request) => {
      return listInvitations({ db: app.db, organizationId: request.org.organizationId, page: request.query });
    },
  );

  app.post(
    "/api/orgs/:orgId/invitations",
    {
      // Each one sends a mail: limited per address and per account.
      config: { action: "invitations.send", rateLimit: abuseLimit(app.config.abuseRateLimit) },
      preHandler: app.rateLimit(perAccountLimit("invitations.send", app.config.abuseRateLimit)),
      schema: { params: OrgParamsSchema, body: CreateInvitationSchema, response: { 201: InvitationSchema } },
    },
    async (request, reply) => {
      const invitation = await inviteUser({
        db: app.db,
        events: app.events,
        mail,
        organizationId: request.org.organizationId,
        inviterId: request.user.id,
        input: request.body,
      });
      return reply.status(201).send(invitation);
    },
  );

  app.post(
    "/api/orgs/:orgId/invitations/:id/resend",
    {
      config: { action: "invitations.send", rateLimit: abuseLimit(app.config.abuseRateLimit) },
      preHandler: app.rateLimit(perAccountLimit("invitations.send", app.config.abuseRateLimit)),
      schema: { params: InvitationParamsSchema, response: { 200: InvitationSchema } },
    },
    async (request) => {
      return resendInvitation({
        db: app.db,
        events: app.events,
        mail,
        organizationId: request.org.organizationId,
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
        db: app.db,
        events: app.events,
        organizationId: request.org.organizationId,
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
    async (request) =>
      acceptInvitation({ db: app.db, events: app.events, code: request.params.code, user: request.user }),
  );

  app.post(
    "/api/invitations/:code/decline",
    {
      config: { rateLimit: abuseLimit(app.config.abuseRateLimit) },
      schema: { params: InvitationCodeParamsSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await declineInvitation({ db: app.db, events: app.events, code: request.params.code, user: request.user });
      return reply.status(204).send(null);
    },
  );
};
