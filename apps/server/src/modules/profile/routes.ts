import multipart from "@fastify/multipart";
import { AvatarSchema, ProfileSchema, UpdateProfileSchema } from "@flowdeck/shared/profile/schemas";
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
import { getProfile, updateProfile } from "./service.ts";
import { getAvatar, removeAvatar, uploadAvatar } from "./user-avatar.ts";
import { userOf, userScopeOf } from "../../lib/scope.ts";

const AvatarParamsSchema = z.object({ userId: z.string().min(1).max(100) });

/**
 * Spec 2 "Profile": every signed-in user reads and changes their own profile, with or without an
 * organization. The authentication hook has already answered 401 to visitors.
 */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: IMAGE_UPLOAD_LIMITS, throwFileSizeLimit: true });

  app.get("/api/profile", { schema: { response: { 200: ProfileSchema } } }, async (request) =>
    getProfile({ db: app.db, userId: userOf(request).userId }),
  );

  app.patch(
    "/api/profile",
    { schema: { body: UpdateProfileSchema, response: { 200: ProfileSchema } } },
    async (request) => updateProfile({ ...userScopeOf(request), changes: request.body }),
  );

  app.put(
    "/api/profile/avatar",
    { schema: { body: ImageUploadBodySchema, response: { 200: AvatarSchema } } },
    async (request) => {
      const upload = await readImageUpload(request);
      return uploadAvatar({ ...userScopeOf(request), upload });
    },
  );

  app.delete(
    "/api/profile/avatar",
    { schema: { response: { 204: z.void().describe("removed") } } },
    async (request, reply) => {
      await removeAvatar(userScopeOf(request));
      return reply.status(204).send();
    },
  );

  app.get(
    "/api/users/:userId/avatar",
    {
      schema: {
        params: AvatarParamsSchema,
        querystring: ImageQuerySchema,
        response: { 200: ImageBytesSchema, 304: z.void().describe("not modified") },
      },
    },
    async (request, reply) => {
      const avatar = await getAvatar({ db: app.db, viewerId: userOf(request).userId, userId: request.params.userId });
      return sendImage(reply, avatar, {
        version: request.query.v,
        ifNoneMatch: request.headers["if-none-match"],
        name: "avatar",
      });
    },
  );
};
