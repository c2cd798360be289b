import multipart from "@fastify/multipart";
import { AppError } from "@flowdeck/shared";
import { DOCUMENT_MESSAGES } from "@flowdeck/shared/documents/messages";
import {
  DocumentDetailSchema,
  DocumentListQuerySchema,
  DocumentPageSchema,
  DocumentParamsSchema,
  DocumentSchema,
  DocumentStatsSchema,
  DocumentVersionParamsSchema,
  UpdateDocumentSchema,
} from "@flowdeck/shared/documents/schemas";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { OrgParamsSchema } from "@flowdeck/shared/organizations/params";
import { thumbnailOf } from "../../lib/thumbnails.ts";
import { downloadDocument, previewDocument } from "./download-document.ts";
import { getDocumentStatistics } from "./get-document-stats.ts";
import { UPLOAD_LIMITS, readUpload, uploadFingerprintOf } from "./multipart.ts";
import { sendAttachment, sendPreview } from "./serving.ts";
import {
  ensureDocumentExists,
  getDocumentDetail,
  listOrganizationDocuments,
  removeDocument,
  updateDocumentMetadata,
} from "./service.ts";
import { uploadDocument, uploadNewVersion } from "./upload-document.ts";
import { scopeOf } from "../../lib/scope.ts";
import { fingerprintReadBody } from "../../lib/idempotency.ts";

const BASE = "/api/orgs/:orgId/documents";
/** Upload bodies are multipart: their fields are checked with the shared schemas once read. */
const MultipartBodySchema = z.unknown().describe("multipart/form-data: file, title, description, category, tags");
const FileSchema = z.instanceof(Buffer).describe("the file's bytes");

/**
 * Spec 7 "Documents": the organization's shared files. Viewers browse and download; editors and
 * above upload, edit and delete. The tenancy guard has already answered 404 to non-members.
 */
export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered here, so only these routes take multipart bodies. Uploads are streamed, so
  // Fastify's 1 MB bodyLimit (which would count the multipart framing too) does not apply;
  // busboy's fileSize stops a file at 1 MB exactly and readUpload refuses a longer Content-Length.
  await app.register(multipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true });

  app.get(
    BASE,
    {
      config: { action: "documents.read" },
      schema: { params: OrgParamsSchema, querystring: DocumentListQuerySchema, response: { 200: DocumentPageSchema } },
    },
    async (request) => {
      const { cursor, pageSize, category, q, uploadedBy, tag } = request.query;
      return listOrganizationDocuments({
        db: app.db,
        filters: { organizationId: scopeOf(request).organizationId, category, q, uploadedBy, tags: tag },
        page: { cursor, pageSize },
      });
    },
  );

  app.get(
    `${BASE}/stats`,
    {
      config: { action: "documents.read" },
      schema: { params: OrgParamsSchema, response: { 200: DocumentStatsSchema } },
    },
    async (request) => getDocumentStatistics({ ...scopeOf(request) }),
  );

  app.get(
    `${BASE}/:documentId`,
    {
      config: { action: "documents.read" },
      schema: { params: DocumentParamsSchema, response: { 200: DocumentDetailSchema } },
    },
    async (request) =>
      getDocumentDetail({
        ...scopeOf(request),
        documentId: request.params.documentId,
      }),
  );

  app.post(
    BASE,
    {
      config: { action: "documents.create", idempotent: true },
      schema: { params: OrgParamsSchema, body: MultipartBodySchema, response: { 201: DocumentSchema } },
    },
    async (request, reply) => {
      // The role is checked before a byte of the body is read.
      const upload = await readUpload(request);
      fingerprintReadBody(request, uploadFingerprintOf(upload));
      const document = await uploadDocument({ ...scopeOf(request), upload, idempotency: request.idempotency });
      return reply.status(201).send(document);
    },
  );

  app.patch(
    `${BASE}/:documentId`,
    {
      config: { action: "documents.update" },
      schema: { params: DocumentParamsSchema, body: UpdateDocumentSchema, response: { 200: DocumentSchema } },
    },
    async (request) => {
      return updateDocumentMetadata({
        ...scopeOf(request),
        documentId: request.params.documentId,
        changes: request.body,
      });
    },
  );

  app.post(
    `${BASE}/:documentId/versions`,
    {
      config: { action: "documents.update", idempotent: true },
      schema: { params: DocumentParamsSchema, body: MultipartBodySchema, response: { 201: DocumentSchema } },
    },
    async (request, reply) => {
      const keys = { ...scopeOf(request), documentId: request.params.documentId };
      await ensureDocumentExists(keys);
      const upload = await readUpload(request);
      fingerprintReadBody(request, uploadFingerprintOf(upload));
      const document = await uploadNewVersion({ ...keys, upload, idempotency: request.idempotency });
      return reply.status(201).send(document);
    },
  );

  // HEAD would run the handler and count a download nobody received: GET only.
  app.get(
    `${BASE}/:documentId/download`,
    {
      config: { action: "documents.read" },
      exposeHeadRoute: false,
      schema: { params: DocumentParamsSchema, response: { 200: FileSchema } },
    },
    async (request, reply) => {
      const file = await downloadDocument({
        ...scopeOf(request),
        documentId: request.params.documentId,
      });
      return sendAttachment(reply, file);
    },
  );

  app.get(
    `${BASE}/:documentId/versions/:version/download`,
    {
      config: { action: "documents.read" },
      exposeHeadRoute: false,
      schema: { params: DocumentVersionParamsSchema, response: { 200: FileSchema } },
    },
    async (request, reply) => {
      const file = await downloadDocument({
        ...scopeOf(request),
        documentId: request.params.documentId,
        version: request.params.version,
      });
      return sendAttachment(reply, file);
    },
  );

  app.get(
    `${BASE}/:documentId/preview`,
    {
      config: { action: "documents.read" },
      schema: {
        params: DocumentParamsSchema,
        response: { 200: FileSchema, 304: z.void().describe("not modified") },
      },
    },
    async (request, reply) => {
      const file = await previewDocument({
        ...scopeOf(request),
        documentId: request.params.documentId,
      });
      const thumbnail = await thumbnailOf(file);
      if (!thumbnail) throw new AppError("not-found", DOCUMENT_MESSAGES.noPreview);
      return sendPreview(reply, file, thumbnail, request.headers["if-none-match"]);
    },
  );

  app.delete(
    `${BASE}/:documentId`,
    {
      config: { action: "documents.delete" },
      schema: { params: DocumentParamsSchema, response: { 204: z.void().describe("deleted") } },
    },
    async (request, reply) => {
      await removeDocument({
        ...scopeOf(request),
        documentId: request.params.documentId,
      });
      return reply.status(204).send();
    },
  );
};
