import {
  DeliveryPageSchema,
  DeliveryQuerySchema,
  NotificationMuteListSchema,
  NotificationRuleInputSchema,
  NotificationRuleListSchema,
  NotificationRuleParamsSchema,
  SavedNotificationRuleSchema,
  SetMuteSchema,
  TestResultSchema,
} from "@flowdeck/shared/notifications/schemas";
import { OrgParamsSchema } from "@flowdeck/shared/organizations/params";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { attributedUserId } from "../../lib/actor.ts";
import { listMutedOrganizations, muteOrganization } from "./mute.ts";
import { createRule, deleteRule, listDeliveries, listRules, sendTest, updateRule } from "./service.ts";
import { scopeOf, userOf } from "../../lib/scope.ts";

const BASE = "/api/orgs/:orgId/notifications";

/**
 * Notification rules and their delivery log (admins and owners), and each member's mute.
 * The outbox is sent by `jobs/notification-delivery.ts` (docs/decisions/026).
 */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const scope = (request: FastifyRequest) => scopeOf(request);

  app.get(
    `${BASE}/rules`,
    {
      config: { action: "notifications.manage" },
      schema: { params: OrgParamsSchema, response: { 200: NotificationRuleListSchema } },
    },
    async (request) => listRules(scope(request)),
  );

  app.post(
    `${BASE}/rules`,
    {
      config: { action: "notifications.manage" },
      schema: {
        params: OrgParamsSchema,
        body: NotificationRuleInputSchema,
        response: { 201: SavedNotificationRuleSchema },
      },
    },
    async (request, reply) => {
      const rule = await createRule({
        ...scope(request),
        userId: attributedUserId(request.actor),
        input: request.body,
        allow: app.outbound.allow,
      });
      return reply.status(201).send(rule);
    },
  );

  app.put(
    `${BASE}/rules/:ruleId`,
    {
      config: { action: "notifications.manage" },
      schema: {
        params: NotificationRuleParamsSchema,
        body: NotificationRuleInputSchema,
        response: { 200: SavedNotificationRuleSchema },
      },
    },
    async (request) =>
      updateRule({
        ...scope(request),
        ruleId: request.params.ruleId,
        input: request.body,
        allow: app.outbound.allow,
      }),
  );

  app.delete(
    `${BASE}/rules/:ruleId`,
    {
      config: { action: "notifications.manage" },
      schema: { params: NotificationRuleParamsSchema, response: { 204: z.void().describe("deleted") } },
    },
    async (request, reply) => {
      await deleteRule({ ...scope(request), ruleId: request.params.ruleId });
      return reply.status(204).send();
    },
  );

  app.post(
    `${BASE}/rules/:ruleId/test`,
    {
      config: { action: "notifications.manage" },
      schema: { params: NotificationRuleParamsSchema, response: { 202: TestResultSchema } },
    },
    async (request, reply) =>
      reply.status(202).send(await sendTest({ ...scope(request), ruleId: request.params.ruleId })),
  );

  app.get(
    `${BASE}/deliveries`,
    {
      config: { action: "notifications.manage" },
      schema: { params: OrgParamsSchema, querystring: DeliveryQuerySchema, response: { 200: DeliveryPageSchema } },
    },
    async (request) => listDeliveries({ ...scope(request), page: request.query }),
  );

  // Any member mutes an organization's mail for themself.
  app.put(
    `${BASE}/mute`,
    {
      config: { action: "notifications.mute" },
      schema: { params: OrgParamsSchema, body: SetMuteSchema, response: { 200: SetMuteSchema } },
    },
    async (request) => {
      await muteOrganization({ ...scope(request), userId: userOf(request).userId, muted: request.body.muted });
      return { muted: request.body.muted };
    },
  );

  app.get(
    "/api/profile/notification-mutes",
    { schema: { response: { 200: NotificationMuteListSchema } } },
    async (request) => listMutedOrganizations({ db: app.db, userId: userOf(request).userId }),
  );
};
