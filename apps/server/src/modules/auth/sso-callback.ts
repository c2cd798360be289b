import type { BetterAuthPlugin } from "better-auth";
import { createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { z } from "zod";
import type { RequestOrigin } from "../../lib/change-log.ts";
import { CLIENT_IP_HEADER } from "./auth.ts";

export type FinishSsoSignIn = (
  query: { code?: string; state?: string; error?: string; error_description?: string },
  origin: RequestOrigin,
) => Promise<{ userId: string } | { refused: string }>;

/**
 * Where an organization's identity provider sends the person back (decision 075). Our code
 * (modules/sso/sign-in.ts) checks the answer and admits the person; better-auth makes the session
 * and its cookie here, as for every other sign-in, so sessions stay one kind. A refusal goes back
 * to the login page with its message.
 */
export function ssoCallbackPlugin(options: { appUrl: string; finish: FinishSsoSignIn }): BetterAuthPlugin {
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
        async (ctx) => {
          const origin: RequestOrigin = {
            ip: ctx.headers?.get(CLIENT_IP_HEADER) ?? null,
            userAgent: ctx.headers?.get("user-agent")?.slice(0, 500) ?? null,
          };
          const outcome = await options.finish(ctx.query, origin);
          if ("refused" in outcome) {
            throw ctx.redirect(`${options.appUrl}/login?sso_error=${encodeURIComponent(outcome.refused)}`);
          }
          const user = await ctx.context.internalAdapter.findUserById(outcome.userId);
          if (!user) throw ctx.redirect(`${options.appUrl}/login`);
          const session = await ctx.context.internalAdapter.createSession(user.id);
          await setSessionCookie(ctx, { session, user });
          throw ctx.redirect(`${options.appUrl}/dashboard`);
        },
      ),
    },
  };
}
