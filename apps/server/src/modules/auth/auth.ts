import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@flowdeck/shared";
import { betterAuth } from "better-auth";
import { twoFactor as twoFactorPlugin } from "better-auth/plugins";
import { and, eq, like, ne } from "drizzle-orm";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { account, rateLimit, session, twoFactor, user, verification } from "../../db/schema/index.ts";
import type { EventHub } from "../../lib/event-hub.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { authAuditHooks } from "./auth-audit.ts";
import { passwordResetMail } from "./password-reset-mail.ts";
import type { SsoFinishers } from "../sso/sign-in.ts";
import { ssoCallbackPlugin } from "./sso-callback.ts";
import { ssoEnforcementPlugin } from "./sso-enforcement.ts";

/**
 * Forgot-password requests allowed per client address a minute (better-auth's limit, kept in the
 * database for every instance); each address asked about has its own limit too (routes.ts).
 */
export const PASSWORD_RESET_REQUESTS_PER_IP = 5;

/** The header the server sets with the client's address (never trusted from outside). */
export const CLIENT_IP_HEADER = "x-flowdeck-client-ip";

/** How passwords are hashed and checked; better-auth's scrypt unless the app is given another. */
export type PasswordHasher = {
  hash: (password: string) => Promise<string>;
  verify: (data: { hash: string; password: string }) => Promise<boolean>;
};

export function createAuth(options: {
  config: Config;
  db: Database;
  mailer: Mailer;
  events: EventHub;
  passwordHasher?: PasswordHasher;
  /** Checks an identity provider's answer and admits the person (single sign-on, decision 075). */
  finishSsoSignIn: SsoFinishers;
}) {
  const { config, db, mailer, events } = options;
  const audit = authAuditHooks({ db, events });
  return betterAuth({
    appName: "Flowdeck",
    baseURL: config.appUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user, session, account, verification, rateLimit, twoFactor },
    }),
    telemetry: { enabled: false },
    logger: { disabled: config.logLevel === "silent" },
    // Same-origin requests are always trusted, whatever host name the team reaches us by.
    trustedOrigins: (request) => [config.appUrl, request ? requestOrigin(request) : undefined],
    emailAndPassword: {
      enabled: true,
      // Accounts are made only by POST /api/account/register, with their organization, in one
      // transaction; better-auth's own sign-up would leave an account without one.
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      password: options.passwordHasher,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: audit.onPasswordReset,
      sendResetPassword: async ({ user: recipient, token }) => {
        // A newer link ends the earlier ones: only the last mail sent can change the password.
        await db
          .delete(verification)
          .where(
            and(
              eq(verification.value, recipient.id),
              like(verification.identifier, "reset-password:%"),
              ne(verification.identifier, `reset-password:${token}`),
            ),
          );
        const url = `${config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await mailer.send(passwordResetMail({ to: recipient.email, url }));
      },
    },
    // Google and GitHub sign in existing accounts only: registering that way is "not yet
    // implemented" (spec 2), and an account needs an organization.
    socialProviders: {
      ...(config.oauth.google ? { google: { ...config.oauth.google, disableSignUp: true } } : {}),
      ...(config.oauth.github ? { github: { ...config.oauth.github, disableSignUp: true } } : {}),
    },
    // The first Google or GitHub sign-in links to the account of the same address, when the
    // provider says it verified that address (decision 077). Neither is a "trusted provider",
    // which would link an address the provider has not verified. Flowdeck marks no password
    // account's address verified, so requiring that would link nobody.
    account: {
      accountLinking: { enabled: true, trustedProviders: [], requireLocalEmailVerified: false },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 300,
      customRules: {
        "/sign-in/email": { window: 60, max: config.loginRateLimit },
        // The second sign-in step and the set-up guess 6-digit codes: the same limit as passwords.
        "/two-factor/*": { window: 60, max: config.loginRateLimit },
        "/request-password-reset": { window: 60, max: PASSWORD_RESET_REQUESTS_PER_IP },
        "/reset-password": { window: 60, max: 10 },
      },
    },
    // TOTP two-factor sign-in (RFC 6238, 6 digits, 30 s). The set-up is confirmed with a code
    // before it takes effect; 10 backup codes, each usable once.
    // Sign-ins, sign-outs, password resets and two-factor changes go to the audit log.
    hooks: { before: audit.before, after: audit.after },
    plugins: [
      twoFactorPlugin({ issuer: "Flowdeck", backupCodeOptions: { amount: 10 } }),
      ssoCallbackPlugin({ appUrl: config.appUrl, finish: options.finishSsoSignIn }),
      // After the two-factor plugin: its hook decides first whether a password sign-in is complete.
      ssoEnforcementPlugin({ db, events, mailer, appUrl: config.appUrl }),
    ],
    advanced: {
      // Mail goes out after the answer, so "forgot password" takes as long for an unknown address
      // as for a known one (no account discovery by timing). better-auth logs a failed send.
      backgroundTasks: { handler: (task) => void task.catch(() => undefined) },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.appUrl.startsWith("https://"),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

function requestOrigin(request: Request): string | undefined {
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  if (!host) return undefined;
  const protocol = request.headers.get("x-forwarded-proto") ?? new URL(request.url).protocol.replace(":", "");
  return `${protocol}://${host}`;
}
