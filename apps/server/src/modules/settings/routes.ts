import multipart from "@fastify/multipart";
import {
  LogoSchema,
  OrganizationSettingsSchema,
  UpdateOrganizationSettingsSchema,
} from "@flowdeck/shared/settings/schemas";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  IMAGE_UPLOAD_LIMITS,
  ImageBytesSchema,
  ImageQuerySchema,
  ImageUploadBodySchema,
  readImageUpload,
  sendImage,
} from "../../lib/image-http.ts";
import { OrgParamsSchema } from "@flowdeck/shared/organizations/params";
import { getOrganizationLogo, removeOrganizationLogo, uploadOrganizationLogo } from "./organization-logo.ts";
import { getOrganizationSettings, updateOrganizationSettings } from "./service.ts";
import { scopeOf } from "../../lib/scope.ts";

const BASE = "/api/orgs/:orgId";

/**
 * Spec 2 "Organization settings": any member reads the settings and sees the logo; admins and
 * owners change them. The tenancy guard has already answered 404 to non-members.
 */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered here, so only this plugin's routes take multipart bodies (at most one 500 KB file).
  await app.register(multipart, { limits: IMAGE_UPLOAD_LIMITS, throwFileSizeLimit: true });

  app.get(
    `${BASE}/settings`,
    {
      config: { action: "settings.read" },
      schema: { params: OrgParamsSchema, response: { 200: OrganizationSettingsSchema } },
    },
    async (request) => getOrganizationSettings({ ...scopeOf(request) }),
  );

  app.patch(
    `${BASE}/settings`,
    {
      config: { action: "settings.update" },
      schema: {
        params: OrgParamsSchema,
        body: UpdateOrganizationSettingsSchema,
        response: { 200: OrganizationSettingsSchema },
      },
      // The role is checked before the body is validated: a viewer learns nothing from it.
    },
    async (request) =>
      updateOrganizationSettings({
        ...scopeOf(request),
        changes: request.body,
      }),
  );

  app.put(
    `${BASE}/logo`,
    {
      config: { action: "settings.update" },
      schema: { params: OrgParamsSchema, body: ImageUploadBodySchema, response: { 200: LogoSchema } },
    },
    async (request) => {
      // The role is checked before a byte of the body is read.
      const upload = await readImageUpload(request);
      return uploadOrganizationLogo({
        ...scopeOf(request),
        upload,
      });
    },
  );

  app.delete(
    `${BASE}/logo`,
    {
      config: { action: "settings.update" },
      schema: { params: OrgParamsSchema, response: { 204: z.void().describe("removed") } },
    },
    async (request, reply) => {
      await removeOrganizationLogo({
        ...scopeOf(request),
      });
      return reply.status(204).send();
    },
  );

  app.get(
    `${BASE}/logo`,
    {
      config: { action: "settings.read" },
      schema: {
        params: OrgParamsSchema,
        querystring: ImageQuerySchema,
        response: { 200: ImageBytesSchema, 304: z.void().describe("not modified") },
      },
    },
    async (request, reply) => {
      const logo = await getOrganizationLogo({ ...scopeOf(request) });
      return sendImage(reply, logo, {
        version: request.query.v,
        ifNoneMatch: request.headers["if-none-match"],
        name: "logo",
      });
    },
  );
};
