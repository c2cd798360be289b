import { AuditPageSchema, AuditQuerySchema, AuditRetentionSchema } from "@flowdeck/shared/audit/schemas";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { OrgParamsSchema } from "@flowdeck/shared/organizations/params";
import { changeAuditRetention, exportAuditCsv, getAuditRetention, listAuditEntries } from "./service.ts";
import { scopeOf } from "../../lib/scope.ts";

const BASE = "/api/orgs/:orgId/audit";

/**
 * The audit log (admins and owners): pages newest first, the same rows as CSV, and the owner's
 * retention setting. No route changes or deletes a row: only the retention job does, in batches.
 */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    BASE,
    {
      config: { action: "audit.read" },
      schema: { params: OrgParamsSchema, querystring: AuditQuerySchema, response: { 200: AuditPageSchema } },
    },
    async (request) => listAuditEntries({ ...scopeOf(request), query: request.query }),
  );

  app.get(
    `${BASE}.csv`,
    {
      config: { action: "audit.read" },
      schema: {
        params: OrgParamsSchema,
        querystring: AuditQuerySchema,
        response: { 200: z.string().describe("text/csv: the filtered rows, newest first") },
      },
    },
    async (request, reply) => {
      const csv = await exportAuditCsv({ ...scopeOf(request), query: request.query });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="audit-log-${day}.csv"`)
        .header("x-content-type-options", "nosniff")
        .send(csv);
    },
  );

  app.get(
    `${BASE}/retention`,
    {
      config: { action: "audit.read" },
      schema: { params: OrgParamsSchema, response: { 200: AuditRetentionSchema } },
    },
    async (request) => getAuditRetention(scopeOf(request)),
  );

  app.put(
    `${BASE}/retention`,
    {
      config: { action: "audit.configure" },
      schema: { params: OrgParamsSchema, body: AuditRetentionSchema, response: { 200: AuditRetentionSchema } },
    },
    async (request) => changeAuditRetention({ ...scopeOf(request), days: request.body.days }),
  );
};
