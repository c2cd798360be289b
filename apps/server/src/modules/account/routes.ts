import { RegisterSchema } from "@flowdeck/shared";
import { fromNodeHeaders } from "better-auth/node";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Auth } from "../auth/auth.ts";
import { CLIENT_IP_HEADER } from "../auth/auth.ts";
import { originOf } from "../../plugins/authentication.ts";
import { abuseLimit } from "../../plugins/rate-limit-store.ts";
import { registerAccount } from "./service.ts";

const ProvidersSchema = z.object({ google: z.boolean(), github: z.boolean() });

export function accountRoutes(auth: Auth): FastifyPluginAsyncZod {
  return async (app) => {
    // Which sign-in buttons are real; the others show the specification's "not yet implemented".
    app.get(
      "/api/account/providers",
      { config: { public: true }, schema: { response: { 200: ProvidersSchema } } },
      async () => ({ google: Boolean(app.config.oauth.google), github: Boolean(app.config.oauth.github) }),
    );

    app.post(
      "/api/account/register",
      {
        // Each registration hashes a password: a CPU-exhaustion path without a limit.
        config: { public: true, rateLimit: abuseLimit(app.config.abuseRateLimit) },
        schema: {
          body: RegisterSchema,
          response: { 201: z.object({ userId: z.string(), organizationId: z.string() }) },
        },
      },
      async (request, reply) => {
        const result = await registerAccount({
          db: app.db,
          events: app.events,
          origin: originOf(request),
          auth,
          input: request.body,
        });
        // Sign the new account in, so registration lands on the dashboard.
        const headers = fromNodeHeaders(request.headers);
        headers.set(CLIENT_IP_HEADER, request.ip);
        const signIn = await auth.api.signInEmail({
          body: { email: request.body.email, password: request.body.password },
          headers,
          returnHeaders: true,
        });
        reply.header("set-cookie", signIn.headers.getSetCookie());
        return reply.status(201).send(result);
      },
    );
  };
}
