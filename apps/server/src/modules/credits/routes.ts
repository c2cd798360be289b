import {
  CreditChangeResultSchema,
  CreditChangeSchema,
  CreditTransactionPageSchema,
  CreditTransactionsQuerySchema,
} from "@flowdeck/shared/credits/schemas";
import { OrgParamsSchema } from "@flowdeck/shared/organizations/params";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { orgScope } from "../../plugins/tenancy.ts";
import { idempotencyOf, sendIdempotent } from "../../lib/idempotency.ts";
import { addCredits, consumeCredits, getTransactions } from "./service.ts";

/**
 * The credit ledger (spec 5 "Credits"). Consume and add are idempotent: a request repeated with the
 * same Idempotency-Key header is applied once and answered the same (see lib/idempotency.ts).
 */
export const creditRoutes: FastifyPluginAsyncZod = async (app) => {
  const changeSchema = {
    params: OrgParamsSchema,
    body: CreditChangeSchema,
    response: { 201: CreditChangeResultSchema },
  };

  app.post(
    "/api/orgs/:orgId/credits/consume",
    { config: { action: "credits.consume" }, schema: changeSchema },
    async (request, reply) => {
      // Spec 6: consuming needs only an identified member; the membership guard has run.
      return sendIdempotent(reply, () =>
        consumeCredits({
          ...orgScope(request),
          ...request.body,
          idempotency: idempotencyOf(request),
        }),
      );
    },
  );

  app.post(
    "/api/orgs/:orgId/credits/add",
    { config: { action: "credits.add" }, schema: changeSchema },
    async (request, reply) => {
      return sendIdempotent(reply, () =>
        addCredits({
          ...orgScope(request),
          ...request.body,
          idempotency: idempotencyOf(request),
        }),
      );
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
    async (request) => getTransactions({ ...orgScope(request), ...request.query }),
  );
};
