import {
  CreditChangeResultSchema,
  CreditChangeSchema,
  CreditTransactionPageSchema,
  CreditTransactionsQuerySchema,
} from "@flowdeck/shared/credits/schemas";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { orgScope } from "../../plugins/tenancy.ts";
import { z } from "zod";
import { idempotencyOf, sendIdempotent } from "../../lib/idempotency.ts";
import { overviewRoutes } from "../overview/routes.ts";
import { addCredits, consumeCredits, getTransactions } from "./service.ts";

const OrgParams = z.object({ orgId: z.string() });

/**
 * The credit ledger (spec 5 "Credits"). Consume and add are idempotent: a request repeated with the
 * same Idempotency-Key header is applied once and answered the same (see lib/idempotency.ts).
 */
export const creditRoutes: FastifyPluginAsyncZod = async (app) => {
  const changeSchema = {
    params: OrgParams,
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
        params: OrgParams,
        querystring: CreditTransactionsQuerySchema,
        response: { 200: CreditTransactionPageSchema },
      },
    },
    async (request) => getTransactions({ ...orgScope(request), ...request.query }),
  );

  // The dashboard's overview lives in its own module; it is registered here with the ledger it reports on.
  await app.register(overviewRoutes);
};
