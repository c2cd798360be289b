import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/app.ts";
import { loadConfig, type Config } from "../../src/config.ts";
import type { Mailer } from "../../src/lib/mailer.ts";
import type { ResolveHost } from "../../src/lib/outbound/outbound-client.ts";
import type { ResolveTxt } from "../../src/lib/resolve-txt.ts";
import { createOrgWithRoles } from "./factories.ts";
import { createTestDatabase, type TestDatabase } from "./test-database.ts";
import { testPasswordHasher } from "./test-password-hasher.ts";

/** The master key of secrets every test app starts with unless a test gives another. */
export const TEST_SECRETS_KEY = Buffer.alloc(32, 7).toString("base64");

export type TestApp = {
  app: FastifyInstance;
  config: Config;
  database: TestDatabase;
  close: () => Promise<void>;
};

export type TestAppOptions = {
  /** Overrides of configuration variables. */
  env?: Record<string, string>;
  mailer?: Mailer;
  database?: TestDatabase;
  /** Serve on a free port of 127.0.0.1 too, for what is called over real HTTP (live-update streams). */
  listen?: boolean;
  /** Stands in for DNS in the outbound client (a public-looking name that resolves to 127.0.0.1). */
  resolveHost?: ResolveHost;
  /** Stands in for DNS TXT look-ups (a domain's single sign-on verification record). */
  resolveTxt?: ResolveTxt;
  /** The clock id tokens of identity providers are checked against. */
  now?: () => Date;
  /** Receives the app's log (at LOG_LEVEL, "silent" unless `env` says otherwise). */
  logStream?: NodeJS.WritableStream;
  /** Hash passwords as the product does (better-auth's scrypt), not with the tests' cheaper one. */
  productPasswordHashing?: boolean;
  /** The built web app to serve instead of apps/web/dist. */
  webDist?: string;
};

/** Builds the real server on a fresh database. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase({ reusable: true }));
  const config = loadConfig({
    NODE_ENV: "test",
    APP_URL: "http://localhost:3000",
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "flowdeck-test-")),
    BETTER_AUTH_SECRET: "test-secret-that-is-long-enough-for-better-auth",
    // One master key for every test app of a process (the keyring is the process's, decision 060).
    SECRETS_KEY: TEST_SECRETS_KEY,
    LOG_LEVEL: "silent",
    LOGIN_RATE_LIMIT: "1000",
    ABUSE_RATE_LIMIT: "100000",
    SCHEDULER: "off",
    // Tests send the notification outbox themselves, with a clock they choose.
    NOTIFICATIONS: "off",
    RETENTION: "off",
    // Factories register owners in one step, as the specification does; the confirmation by
    // mail has its own test (registration-confirmation.test.ts).
    REGISTRATION_CONFIRMS_EMAIL: "off",
    ...options.env,
  });
  const passwordHasher = options.productPasswordHashing ? undefined : testPasswordHasher;
  const app = await buildApp({
    config,
    database,
    mailer: options.mailer,
    passwordHasher,
    resolveHost: options.resolveHost,
    resolveTxt: options.resolveTxt,
    now: options.now,
    logger: options.logStream !== undefined,
    logStream: options.logStream,
    webDist: options.webDist,
  });
  await app.ready();
  if (options.listen) await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    app,
    config,
    database,
    close: async () => {
      await app.close();
      if (!options.database) await database.drop();
    },
  };
}

/** Where most API test files start: a test app and an organization with a user of every role. */
export async function createAppWithRoles(options: TestAppOptions = {}) {
  const t = await createTestApp(options);
  return { t, org: await createOrgWithRoles(t.app) };
}
