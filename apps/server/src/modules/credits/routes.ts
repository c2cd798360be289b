import {
  CreditChangeResultSchema,
  CreditChangeSchema,
  CreditTransactionPageSchema,
  CreditTransactionsQuerySchema,
} from "@flowdeck/shared/credits/schemas";
import { OrgParamsSchema } from "@flowdeck/shared/organizations/params";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { addCredits, consumeCredits, getTransactions } from "./service.ts";
import { scopeOf } from "../../lib/scope.ts";

/**
 * The credit ledger (spec 5 "Credits"). Consume and add are idempotent: a request repeated with the
 * same Idempotency-Key header is applied once and answered the same (`config.idempotent`, lib/idempotency.ts).
 */
export const creditRoutes: FastifyPluginAsyncZod = async (app) => {
  const changeSchema = {
    params: OrgParamsSchema,
    body: CreditChangeSchema,
    response: { 201: CreditChangeResultSchema },
  };

  app.post(
    "/api/orgs/:orgId/credits/consume",
    { config: { action: "credits.consume", idempotent: true }, schema: changeSchema },
    async (request, reply) => {
      // Spec 6: consuming needs only an identified member; the membership guard has run.
      const result = await consumeCredits({ ...scopeOf(request), ...request.body, idempotency: request.idempotency });
      return reply.status(201).send(result);
    },
  );

  app.post(
    "/api/orgs/:orgId/credits/add",
    { config: { action: "credits.add", idempotent: true }, schema: changeSchema },
    async (request, reply) => {
      const result = await addCredits({ ...scopeOf(request), ...request.body, idempotency: request.idempotency });
      return reply.status(201).send(result);
    },
  );

  app.get(
    "/api/orgs/:orgId/credits/transactions",
    {
      config: { action: "credits.read" },
      schema: {
        params: OrgParamsSchema,
        querystring: CreditTransactionsQuerySchema,
        response: { 200: CreditTransactionPageSchema },
      },
    },
    async (request) => getTransactions({ ...scopeOf(request), ...request.query }),
  );
};
