import { IMPORT_EXPORT_MESSAGES as M } from "@flowdeck/shared/import-export/messages";
import {
  ImportPreviewSchema,
  ImportQuerySchema,
  RefusedImportSchema,
  YAML_CONTENT_TYPES,
} from "@flowdeck/shared/import-export/schemas";
import { OrgParamsSchema } from "@flowdeck/shared/organizations/params";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { scopeOf } from "../../lib/scope.ts";
import { exportDocument } from "./export-document.ts";
import { importDocument } from "./import-document.ts";

/**
 * An organization's commands, workflows and notification rules as one YAML document, and importing
 * one (decision 069). Admins and owners, and API tokens within their role.
 */
export const importExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/orgs/:orgId/export",
    {
      config: { action: "organization.export" },
      schema: {
        params: OrgParamsSchema,
        description:
          "Answers the YAML document (`text/yaml`): commands, workflows (steps, schedule, parameters, secrets by name, runner labels) and notification rules, sorted by name, with no ids.",
      },
    },
    async (request, reply) => {
      const text = await exportDocument(scopeOf(request));
      return reply
        .header("content-type", "text/yaml; charset=utf-8")
        .header("content-disposition", 'attachment; filename="flowdeck.yaml"')
        .header("x-content-type-options", "nosniff")
        .send(text);
    },
  );

  app.post(
    "/api/orgs/:orgId/import",
    {
      config: { action: "organization.import", yamlBody: true },
      schema: {
        params: OrgParamsSchema,
        querystring: ImportQuerySchema,
        consumes: [...YAML_CONTENT_TYPES],
        body: z.string({ error: M.fileRequired }).min(1, M.fileRequired),
        description:
          "Takes the YAML document (`text/yaml`) and answers what it creates, changes (field by field) and leaves unchanged. With `dryRun=true` nothing is written. With errors (each with its line) nothing is applied and the answer is 400 with the same lists. Nothing absent from the document is deleted.",
        response: { 200: ImportPreviewSchema, 400: RefusedImportSchema },
      },
    },
    async (request, reply) => {
      const preview = await importDocument({
        ...scopeOf(request),
        text: request.body,
        dryRun: request.query.dryRun,
        allow: app.outbound.allow,
      });
      if (preview.errors.length === 0) return reply.send(preview);
      const error = { code: "invalid-argument" as const, message: M.refused(preview.errors.length) };
      return reply.status(400).send({ ...preview, error });
    },
  );
};
