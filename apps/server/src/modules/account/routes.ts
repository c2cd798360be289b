import { RegisterSchema } from "@flowdeck/shared";
import { RegisteredSchema } from "@flowdeck/shared/auth/registered";
import { RegistrationPolicySchema } from "@flowdeck/shared/auth/registration";
import { ConfirmRegistrationSchema, RegistrationPendingSchema } from "@flowdeck/shared/auth/registration-confirmation";
import type { FastifyReply, FastifyRequest } from "fastify";
import { fromNodeHeaders } from "better-auth/node";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Auth } from "../auth/auth.ts";
import { CLIENT_IP_HEADER } from "../auth/auth.ts";
import { confirmRegistration, requestRegistration } from "./pending-registration.ts";
import { inviteOnlyRefusal, refuseWhenClosed, registrationPolicy } from "./registration-policy.ts";
import { registerAccount, registerFirstAccount } from "./service.ts";
import { originOf } from "../../lib/scope.ts";
import { abuseLimit } from "../../lib/rate-limits.ts";

const ProvidersSchema = z.object({ google: z.boolean(), github: z.boolean() });

export function accountRoutes(auth: Auth): FastifyPluginAsyncZod {
  return async (app) => {
    // Which sign-in buttons are real; the others show the specification's "not yet implemented".
    app.get(
      "/api/account/providers",
      { config: { public: true }, schema: { response: { 200: ProvidersSchema } } },
      async () => ({ google: Boolean(app.config.oauth.google), github: Boolean(app.config.oauth.github) }),
    );

    // What the register page offers: the REGISTRATION setting, and whether a new organization
    // can be created now (invite-only takes one from an empty instance's first account).
    app.get(
      "/api/account/registration",
      {
        config: { public: true },
        schema: { summary: "What registration offers on this instance", response: { 200: RegistrationPolicySchema } },
      },
      async (_request, reply) => {
        reply.header("cache-control", "no-store");
        return registrationPolicy(app.db, app.config.registration);
      },
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
        const { registration } = app.config;
        refuseWhenClosed(registration);
        const context = { db: app.db, events: app.events, origin: originOf(request), auth };
        const confirms = app.config.registrationConfirmsEmail;
        const inviteOnly = registration === "invite-only";
        if (input.mode === "create" && (confirms !== "off" || inviteOnly)) {
          // The answer is alike for every address (decision 045), except the instance's very
          // first account, which has nobody to hide and nobody yet to read an outbox. Invite-only
          // takes a new organization from that first account only (decision 056).
          const first = confirms === "on" ? null : await registerFirstAccount({ ...context, input });
          if (first) {
            await signInNewAccount(request, reply, { email: input.email, password: input.password });
            return reply.status(201).send(first);
          }
          if (
            inviteOnly &&
            (confirms !== "on" || !(await registrationPolicy(app.db, registration)).createOrganization)
          ) {
            throw inviteOnlyRefusal();
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
          registration: app.config.registration,
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
