import { RegisterSchema } from "@flowdeck/shared";
import { RegisteredSchema } from "@flowdeck/shared/auth/registered";
import { ConfirmRegistrationSchema, RegistrationPendingSchema } from "@flowdeck/shared/auth/registration-confirmation";
import type { FastifyReply, FastifyRequest } from "fastify";
import { fromNodeHeaders } from "better-auth/node";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Auth } from "../auth/auth.ts";
import { CLIENT_IP_HEADER } from "../auth/auth.ts";
import { originOf } from "../../plugins/authentication.ts";
import { abuseLimit } from "../../plugins/rate-limit-store.ts";
import { confirmRegistration, requestRegistration } from "./pending-registration.ts";
import { registerAccount, registerFirstAccount } from "./service.ts";

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
          response: {
            201: RegisteredSchema,
            202: RegistrationPendingSchema,
          },
        },
      },
      async (request, reply) => {
        const input = request.body;
        const context = { db: app.db, events: app.events, origin: originOf(request), auth };
        const confirms = app.config.registrationConfirmsEmail;
        if (input.mode === "create" && confirms !== "off") {
          // The answer is alike for every address (decision 045), except the instance's very
          // first account, which has nobody to hide and nobody yet to read an outbox.
          const first = confirms === "auto" ? await registerFirstAccount({ ...context, input }) : null;
          if (first) {
            await signInNewAccount(request, reply, { email: input.email, password: input.password });
            return reply.status(201).send(first);
          }
          const mail = { mailer: app.mailer, appUrl: app.config.appUrl };
          return reply.status(202).send(await requestRegistration({ db: app.db, auth, mail, input }));
        }
        const result = await registerAccount({ ...context, input });
        await signInNewAccount(request, reply, { email: input.email, password: input.password });
        return reply.status(201).send(result);
      },
    );

    // The link mailed by a registration that confirms the address first (decisions 041, 045).
    app.post(
      "/api/account/register/confirm",
      {
        config: { public: true, rateLimit: abuseLimit(app.config.abuseRateLimit) },
        schema: {
          body: ConfirmRegistrationSchema,
          response: { 201: z.object({ userId: z.string(), organizationId: z.string() }) },
        },
      },
      async (request, reply) => {
        const { email, ...result } = await confirmRegistration({
          db: app.db,
          events: app.events,
          origin: originOf(request),
          auth,
          token: request.body.token,
          password: request.body.password,
        });
        await signInNewAccount(request, reply, { email, password: request.body.password });
        return reply.status(201).send(result);
      },
    );

    /** Signs the new account in, so registration lands on the dashboard. */
    async function signInNewAccount(
      request: FastifyRequest,
      reply: FastifyReply,
      credentials: { email: string; password: string },
    ) {
      const headers = fromNodeHeaders(request.headers);
      headers.set(CLIENT_IP_HEADER, request.ip);
      const signIn = await auth.api.signInEmail({ body: credentials, headers, returnHeaders: true });
      reply.header("set-cookie", signIn.headers.getSetCookie());
    }
  };
}
