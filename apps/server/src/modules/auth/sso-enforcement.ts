import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import type { Database } from "../../db/database.ts";
import type { RequestOrigin } from "../../lib/change-log.ts";
import type { EventHub } from "../../lib/event-hub.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { recordBreakGlass } from "../sso/break-glass.ts";
import { isBreakGlass, ssoEnforcementFor, ssoRefusal, type WayIn } from "../sso/enforcement.ts";
import { findAccountSummary } from "../users/repository.ts";
import { CLIENT_IP_HEADER } from "./auth.ts";

type Endpoint = { path?: string; request?: Request };

/**
 * Enforced single sign-on at better-auth's doors (decision 077); the rule itself is in
 * modules/sso/enforcement.ts. Every session better-auth makes passes one check, so a password
 * (with or without its two-factor step) and Google or GitHub cannot sign in a member who must use
 * their organization's provider; the password is checked first, so the refusal tells nothing to
 * someone without it. A password-reset request is refused before a mail goes out. The owner's
 * break-glass sign-in is written to the audit log and mailed to the other admins and owners.
 */
export function ssoEnforcementPlugin(options: {
  db: Database;
  events: EventHub;
  mailer: Mailer;
  appUrl: string;
}): BetterAuthPlugin {
  const { db } = options;
  /** Whether a two-factor request came with a session: confirming the set-up, not signing in. */
  const signedInAlready = new WeakMap<Request, boolean>();

  const wayIn = (ctx: Endpoint | null | undefined): WayIn | null => {
    const path = ctx?.path ?? "";
    if (path === "/sign-in/email") return "password";
    if (path.startsWith("/two-factor/verify-"))
      return ctx?.request && signedInAlready.get(ctx.request) ? null : "password";
    if (path === "/sign-in/social" || path.startsWith("/callback/")) return "google-or-github";
    return null;
  };
  const refuse = (message: string) => new APIError("FORBIDDEN", { code: "SSO_ENFORCED", message });

  return {
    id: "flowdeck-sso-enforcement",
    init: () => ({
      options: {
        databaseHooks: {
          session: {
            create: {
              before: async (session: { userId: string }, ctx: Endpoint | null) => {
                const way = wayIn(ctx);
                if (!way) return;
                const account = await findAccountSummary(db, { id: session.userId });
                const refusal = account && ssoRefusal(await ssoEnforcementFor(db, account.email), way);
                if (refusal) throw refuse(refusal);
              },
            },
          },
        },
      },
    }),
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/request-password-reset",
          handler: createAuthMiddleware(async (ctx) => {
            const email = (ctx.body as { email?: unknown } | undefined)?.email;
            if (typeof email !== "string") return;
            const refusal = ssoRefusal(await ssoEnforcementFor(db, email), "password-reset");
            if (refusal) throw refuse(refusal);
          }),
        },
        {
          matcher: (ctx) => Boolean(ctx.path?.startsWith("/two-factor/verify-")),
          handler: createAuthMiddleware(async (ctx) => {
            if (!ctx.request) return;
            signedInAlready.set(ctx.request, Boolean(await getSessionFromCtx(ctx).catch(() => null)));
          }),
        },
      ],
      after: [
        {
          // After the two-factor plugin's hook: a password sign-in that still waits for its code
          // has no session yet (the code step has it, or a device trusted earlier skips it).
          matcher: (ctx) => ctx.path === "/sign-in/email" || Boolean(ctx.path?.startsWith("/two-factor/verify-")),
          handler: createAuthMiddleware(async (ctx) => {
            const newSession = ctx.context.newSession;
            if (!newSession || wayIn(ctx) !== "password") return;
            const enforcement = await ssoEnforcementFor(db, newSession.user.email);
            if (!isBreakGlass(enforcement)) return;
            const origin: RequestOrigin = {
              ip: ctx.headers?.get(CLIENT_IP_HEADER) ?? null,
              userAgent: ctx.headers?.get("user-agent")?.slice(0, 500) ?? null,
            };
            const mails = await recordBreakGlass(options, enforcement, origin);
            for (const mail of mails) await ctx.context.runInBackgroundOrAwait(options.mailer.send(mail));
          }),
        },
      ],
    },
  };
}
