import { SsoStartAnswerSchema, SsoStartSchema } from "@flowdeck/shared/sso/schemas";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { abuseLimit } from "../../lib/rate-limits.ts";
import { startSignIn } from "./sign-in.ts";

/**
 * The first step of signing in through an organization's identity provider (decision 075): the
 * login page sends the address, and the browser goes to the URL answered. The provider sends it
 * back to GET /api/auth/sso/callback, which better-auth serves (modules/auth/sso-callback.ts), as
 * it makes the session.
 */
export const ssoSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/auth/sso/start",
    {
      config: { public: true, rateLimit: abuseLimit(app.config.abuseRateLimit) },
      schema: { body: SsoStartSchema, response: { 200: SsoStartAnswerSchema } },
    },
    async (request) =>
      startSignIn(
        { db: app.db, events: app.events, outbound: app.outbound, appUrl: app.config.appUrl, now: () => new Date() },
        request.body.email,
      ),
  );
};
