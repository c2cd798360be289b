import { SsoStartAnswerSchema, SsoStartSchema, SsoStatusSchema } from "@flowdeck/shared/sso/schemas";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { abuseLimit } from "../../lib/rate-limits.ts";
import { signInThroughProviderOffered, startSignIn } from "./sign-in.ts";

/**
 * The first step of signing in through an organization's identity provider (decision 075): the
 * login page sends the address, and the browser goes to the URL answered. The provider sends it
 * back to GET /api/auth/sso/callback, which better-auth serves (modules/auth/sso-callback.ts), as
 * it makes the session.
 */
export const ssoSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  // Whether the login page asks for the address first (decision 076): one yes or no for the whole
  // instance, so it tells a visitor nothing about which organizations or domains use it.
  app.get(
    "/api/auth/sso/status",
    { config: { public: true }, schema: { response: { 200: SsoStatusSchema } } },
    async () => ({ enabled: await signInThroughProviderOffered(app.db) }),
  );

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
