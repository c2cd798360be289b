import type { BetterAuthPlugin, GenericEndpointContext } from "better-auth";
import { createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { z } from "zod";
import type { RequestOrigin } from "../../lib/change-log.ts";
import type { SsoFinishers, SsoOutcome } from "../sso/sign-in.ts";
import { CLIENT_IP_HEADER } from "./auth.ts";

/**
 * Where an organization's identity provider sends the person back (decisions 075 and 078): GET
 * /sso/callback for OpenID Connect, POST /sso/saml/acs for SAML (reached through
 * modules/sso/saml-acs-routes.ts, which turns the provider's form post into JSON). Our code
 * (modules/sso) checks the answer and admits the person; better-auth makes the session and its
 * cookie here, as for every other sign-in, so sessions stay one kind. A refusal goes back to the
 * login page with its message.
 */
export function ssoCallbackPlugin(options: { appUrl: string; finish: SsoFinishers }): BetterAuthPlugin {
  /** One ending for both protocols: a session for the admitted person, or the login page with the refusal. */
  async function endSignIn(ctx: GenericEndpointContext, outcome: SsoOutcome): Promise<never> {
    if ("refused" in outcome) {
      throw ctx.redirect(`${options.appUrl}/login?sso_error=${encodeURIComponent(outcome.refused)}`);
    }
    const user = await ctx.context.internalAdapter.findUserById(outcome.userId);
    if (!user) throw ctx.redirect(`${options.appUrl}/login`);
    const session = await ctx.context.internalAdapter.createSession(user.id);
    await setSessionCookie(ctx, { session, user });
    throw ctx.redirect(`${options.appUrl}/dashboard`);
  }

  const originOf = (ctx: GenericEndpointContext): RequestOrigin => ({
    ip: ctx.headers?.get(CLIENT_IP_HEADER) ?? null,
    userAgent: ctx.headers?.get("user-agent")?.slice(0, 500) ?? null,
  });

  return {
    id: "flowdeck-sso-callback",
    endpoints: {
      ssoCallback: createAuthEndpoint(
        "/sso/callback",
        {
          method: "GET",
          query: z.object({
            code: z.string().max(4096).optional(),
            state: z.string().max(512).optional(),
            error: z.string().max(200).optional(),
            error_description: z.string().max(500).optional(),
          }),
        },
        async (ctx) => endSignIn(ctx, await options.finish.oidc(ctx.query, originOf(ctx))),
      ),
      ssoSamlAcs: createAuthEndpoint(
        "/sso/saml/acs",
        {
          method: "POST",
          body: z.object({
            SAMLResponse: z.string().max(SAML_RESPONSE_MAX).optional(),
            RelayState: z.string().max(1000).optional(),
          }),
        },
        async (ctx) => endSignIn(ctx, await options.finish.saml(ctx.body, originOf(ctx))),
      ),
    },
  };
}

/** A SAML response, base64: assertions with many groups run to some tens of kilobytes. */
export const SAML_RESPONSE_MAX = 512 * 1024;
