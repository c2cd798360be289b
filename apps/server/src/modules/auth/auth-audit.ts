import type { AuditAction } from "@flowdeck/shared/audit/actions";
import { createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import type { Database } from "../../db/database.ts";
import type { UserActor } from "../../lib/actor.ts";
import { transact, type RequestOrigin } from "../../lib/change-log.ts";
import type { EventHub } from "../../lib/event-hub.ts";
import { sessionsChanged } from "../../lib/session-cache.ts";
import { listOrganizationIdsOfUser } from "../profile/repository.ts";
import { findAccountSummary } from "../users/repository.ts";
import { CLIENT_IP_HEADER } from "./auth.ts";

type AccountRow = { id: string; email: string; name: string; twoFactorEnabled: boolean };
/** What the before hook saw, for the after hook of the same request. */
type Seen = { account: AccountRow | null };

/**
 * Sign-in, failed sign-in, sign-out, password reset and two-factor changes, recorded through
 * better-auth's hooks: one audit row in each organization the account belongs to (one row without
 * an organization when it belongs to none, or the address is unknown). Sign-out, password reset
 * and two-factor changes also end the account's cached sessions on every instance (decision 033).
 */
export function authAuditHooks({ db, events }: { db: Database; events: EventHub }) {
  const seen = new WeakMap<object, Seen>();

  const record = async (
    account: { id: string | null; email: string; name: string },
    action: AuditAction,
    summary: string,
    origin: RequestOrigin,
  ) => {
    const actor: UserActor = { kind: "user", userId: account.id ?? "", email: account.email, name: account.name };
    const organizations = account.id ? await listOrganizationIdsOfUser(db, account.id) : [];
    await transact({ db, events, actor, organizationId: null, origin }, async (_tx, log) => {
      for (const organizationId of organizations.length > 0 ? organizations : [null]) {
        log.record({ action, organizationId, entityId: account.id, summary });
      }
    });
  };

  const findAccount = (where: { id?: string; email?: string }): Promise<AccountRow | null> =>
    findAccountSummary(db, where);

  const before = createAuthMiddleware(async (ctx) => {
    if (!ctx.request || !(ctx.path === "/sign-out" || ctx.path.startsWith("/two-factor/"))) return;
    const session = await getSessionFromCtx(ctx).catch(() => null);
    seen.set(ctx.request, { account: session ? await findAccount({ id: session.user.id }) : null });
  });

  const after = createAuthMiddleware(async (ctx) => {
    const origin: RequestOrigin = {
      ip: ctx.headers?.get(CLIENT_IP_HEADER) ?? null,
      userAgent: ctx.headers?.get("user-agent")?.slice(0, 500) ?? null,
    };
    const returned = ctx.context.returned;
    const failed = isAPIError(returned);
    const newSession = ctx.context.newSession;
    const earlier = ctx.request ? seen.get(ctx.request) : undefined;

    const signInPath =
      ctx.path === "/sign-in/email" ||
      ctx.path === "/sign-in/social" ||
      ctx.path.startsWith("/callback/") ||
      ctx.path === "/sso/callback" ||
      ctx.path === "/sso/saml/acs";
    if (signInPath) {
      if (newSession) {
        // With two-factor on, the password alone signs in nobody: the code step records the sign-in.
        if ((await findAccount({ id: newSession.user.id }))?.twoFactorEnabled) return;
        await record(newSession.user, "auth.signed_in", `${newSession.user.email} signed in`, origin);
      } else if (failed && ctx.path === "/sign-in/email") {
        const email = String((ctx.body as { email?: unknown } | undefined)?.email ?? "").slice(0, 254);
        const account = await findAccount({ email });
        const who = account ?? { id: null, email, name: "" };
        await record(who, "auth.sign_in_failed", `A sign-in as ${email} failed`, origin);
      }
      return;
    }
    if (ctx.path === "/sign-out" && !failed && earlier?.account) {
      await sessionsChanged(events, [earlier.account.id]);
      await record(earlier.account, "auth.signed_out", `${earlier.account.email} signed out`, origin);
      return;
    }
    if (!ctx.path.startsWith("/two-factor/")) return;
    // Turning two-factor on or off replaces the session: the old one must not live on in a cache.
    if (earlier?.account && !failed) await sessionsChanged(events, [earlier.account.id]);
    // The second step of a sign-in: no session before it, a new one after it.
    if (!earlier?.account) {
      if (newSession)
        await record(newSession.user, "auth.signed_in", `${newSession.user.email} signed in with two-factor`, origin);
      return;
    }
    const now = await findAccount({ id: earlier.account.id });
    if (!now || now.twoFactorEnabled === earlier.account.twoFactorEnabled) return;
    const action = now.twoFactorEnabled ? "auth.two_factor_enabled" : "auth.two_factor_disabled";
    const summary = `${now.email} turned two-factor sign-in ${now.twoFactorEnabled ? "on" : "off"}`;
    await record(now, action, summary, origin);
  });

  /** better-auth's emailAndPassword.onPasswordReset. */
  const onPasswordReset = async (
    { user: account }: { user: { id: string; email: string; name: string } },
    request?: Request,
  ) => {
    const origin: RequestOrigin = {
      ip: request?.headers.get(CLIENT_IP_HEADER) ?? null,
      userAgent: request?.headers.get("user-agent")?.slice(0, 500) ?? null,
    };
    // better-auth has deleted the account's sessions by now (revokeSessionsOnPasswordReset).
    await sessionsChanged(events, [account.id]);
    await record(account, "auth.password_reset", `${account.email} reset their password`, origin);
  };

  return { before, after, onPasswordReset };
}
