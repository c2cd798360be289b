import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { account, rateLimit, session, user, verification } from "../../db/schema/index.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { passwordResetMail } from "./password-reset-mail.ts";

/** The header the server sets with the client's address (never trusted from outside). */
export const CLIENT_IP_HEADER = "x-flowdeck-client-ip";

export function createAuth(options: { config: Config; db: Database; mailer: Mailer }) {
  const { config, db, mailer } = options;
  return betterAuth({
    appName: "Flowdeck",
    baseURL: config.appUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    database: drizzleAdapter(db, { provider: "pg", schema: { user, session, account, verification, rateLimit } }),
    telemetry: { enabled: false },
    // Same-origin requests are always trusted, whatever host name the team reaches us by.
    trustedOrigins: (request) => [config.appUrl, request ? requestOrigin(request) : undefined],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user: recipient, token }) => {
        const url = `${config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await mailer.send(passwordResetMail({ to: recipient.email, url }));
      },
    },
    socialProviders: {
      ...(config.oauth.google ? { google: config.oauth.google } : {}),
      ...(config.oauth.github ? { github: config.oauth.github } : {}),
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 300,
      customRules: {
        "/sign-in/email": { window: 60, max: config.loginRateLimit },
        "/request-password-reset": { window: 60, max: 5 },
        "/reset-password": { window: 60, max: 10 },
      },
    },
    advanced: {
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
