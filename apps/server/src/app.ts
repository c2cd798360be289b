import path from "node:path";
import { fileURLToPath } from "node:url";
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import type { Database, DatabaseHandle } from "./db/database.ts";
import { createEventHub, type EventHub } from "./lib/event-hub.ts";
import { loggerOptions } from "./lib/logger.ts";
import { createSessionCache } from "./lib/session-cache.ts";
import { createMailer, type Mailer } from "./lib/mailer.ts";
import { createOutboundClient, type OutboundClient, type ResolveHost } from "./lib/outbound/outbound-client.ts";
import { resolveTxt, type ResolveTxt } from "./lib/resolve-txt.ts";
import { accountRoutes } from "./modules/account/routes.ts";
import { apiTokenRoutes } from "./modules/api-tokens/routes.ts";
import { auditRoutes } from "./modules/audit/routes.ts";
import { createAuth, type Auth, type PasswordHasher } from "./modules/auth/auth.ts";
import { registerAuthRoutes } from "./modules/auth/routes.ts";
import { eventRoutes } from "./modules/events/routes.ts";
import { hookCallRoutes } from "./modules/hooks/call-routes.ts";
import { hookRoutes } from "./modules/hooks/routes.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { importExportRoutes } from "./modules/import-export/routes.ts";
import { meRoutes } from "./modules/me/routes.ts";
import { organizationRoutes } from "./modules/organizations/routes.ts";
import { creditRoutes } from "./modules/credits/routes.ts";
import { documentRoutes } from "./modules/documents/routes.ts";
import { invitationRoutes } from "./modules/invitations/routes.ts";
import { memberRoutes } from "./modules/members/routes.ts";
import { overviewRoutes } from "./modules/overview/routes.ts";
import { notificationRoutes } from "./modules/notifications/routes.ts";
import { profileRoutes } from "./modules/profile/routes.ts";
import { settingsRoutes } from "./modules/settings/routes.ts";
import { runnerAdminRoutes } from "./modules/runners/admin-routes.ts";
import { runnerPackageRoutes } from "./modules/runners/package-routes.ts";
import { runnerProtocolRoutes } from "./modules/runners/protocol-routes.ts";
import { retentionRoutes } from "./modules/retention/routes.ts";
import { runRoutes } from "./modules/runs/routes.ts";
import { installMasterKeys } from "./modules/secrets/keyring.ts";
import { checkMasterKeys } from "./modules/secrets/master-keys.ts";
import { secretRoutes } from "./modules/secrets/routes.ts";
import { freezeWindowRoutes } from "./modules/freeze-windows/routes.ts";
import { ssoRoutes } from "./modules/sso/routes.ts";
import { ssoSignInFinishers } from "./modules/sso/sign-in.ts";
import { samlRoutes } from "./modules/sso/saml/routes.ts";
import { ssoSignInRoutes } from "./modules/sso/sign-in-routes.ts";
import { taskRoutes } from "./modules/tasks/routes.ts";
import { twoFactorRequirementRoutes } from "./modules/two-factor-requirement/routes.ts";
import { workflowRoutes } from "./modules/workflows/routes.ts";
import { registerActor } from "./plugins/actor/index.ts";
import { registerBackgroundJobs } from "./plugins/background-jobs.ts";
import { registerErrorHandler } from "./plugins/error-handler.ts";
import { registerIdempotency } from "./plugins/idempotency.ts";
import { registerJsonBody } from "./plugins/json-body.ts";
import { registerYamlBody } from "./plugins/yaml-body.ts";
import { registerMetrics, serveMetrics } from "./plugins/metrics.ts";
import { registerOpenapi } from "./plugins/openapi/index.ts";
import { limitApiTokens, registerRateLimits } from "./plugins/rate-limit-store.ts";
import { registerRequestGuards } from "./plugins/request-guards.ts";
import { responseSerializerCompiler } from "./plugins/response-serializer.ts";
import { registerSecurityHeaders } from "./plugins/security-headers.ts";
import { registerSpa } from "./plugins/spa.ts";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    db: Database;
    events: EventHub;
    mailer: Mailer;
    auth: Auth;
    /** The one client for requests the server makes on its own (webhooks), decision 055. */
    outbound: OutboundClient;
    /** DNS TXT look-ups (single sign-on's domain verification), decision 075. */
    resolveTxt: ResolveTxt;
    /** Every route as registered, for tests that must cover them all. */
    registeredRoutes: ReadonlyArray<{ method: string; url: string; action?: string }>;
  }
}

export type BuildAppOptions = {
  config: Config;
  database: DatabaseHandle;
  /** Replaces the configured mailer (tests capture mail this way only when no SMTP server is used). */
  mailer?: Mailer;
  /**
   * Replaces better-auth's password hashing. Only tests do, with a cheaper scrypt: the real one
   * takes about 130 ms of CPU per hash, and the API tests sign in thousands of times.
   */
  passwordHasher?: PasswordHasher;
  /** Replaces DNS for the outbound client: tests make a public-looking name resolve to 127.0.0.1. */
  resolveHost?: ResolveHost;
  /** Replaces DNS TXT look-ups: tests answer a domain's verification record themselves. */
  resolveTxt?: ResolveTxt;
  /** The clock identity providers' id tokens are checked against; tests move it to see one expire. */
  now?: () => Date;
  logger?: boolean;
  /** Where the log goes instead of stdout (tests read it: no secret value may reach it). */
  logStream?: NodeJS.WritableStream;
  /** The runner package to serve; by default the one `npm run build` made (apps/runner/pack.js). */
  runnerPackage?: string;
  /** The built web app to serve; by default the one `npm run build` made (apps/web/dist). */
  webDist?: string;
};

const HERE = path.dirname(fileURLToPath(import.meta.url));
const WEB_DIST = path.resolve(HERE, "../../web/dist");
/** Built with the server (`npm run build`): from apps/server/src or apps/server/dist alike. */
const RUNNER_PACKAGE = path.resolve(HERE, "../../runner/dist/flowdeck-runner.tgz");

/** better-auth's own endpoints and the account routes take the auth instance the app decorates. */
const betterAuthRoutes: FastifyPluginAsync = async (app) =>
  registerAuthRoutes(app, app.auth, { trustProxy: app.config.trustProxy, abuseRateLimit: app.config.abuseRateLimit });
const accountRoutesOfApp: FastifyPluginAsync = async (app) => app.register(accountRoutes(app.auth));

/**
 * Every route module, each a plugin registered the same way, in this order. A module reads what it
 * needs from the app's decorators (`app.db`, `app.config`, ...) and declares its routes; nothing else.
 */
const ROUTE_MODULES: FastifyPluginAsync[] = [
  healthRoutes,
  betterAuthRoutes,
  accountRoutesOfApp,
  meRoutes,
  organizationRoutes,
  memberRoutes,
  invitationRoutes,
  creditRoutes,
  overviewRoutes,
  taskRoutes,
  workflowRoutes,
  documentRoutes,
  settingsRoutes,
  twoFactorRequirementRoutes,
  profileRoutes,
  apiTokenRoutes,
  notificationRoutes,
  importExportRoutes,
  retentionRoutes,
  runRoutes,
  runnerAdminRoutes,
  runnerProtocolRoutes,
  secretRoutes,
  hookRoutes,
  hookCallRoutes,
  freezeWindowRoutes,
  ssoRoutes,
  ssoSignInRoutes,
  samlRoutes,
  auditRoutes,
  eventRoutes,
];

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  // Before anything listens: a master key that does not open the stored secrets stops start-up.
  installMasterKeys(config.secrets);
  await checkMasterKeys(database.db);
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { ...(loggerOptions(config.logLevel) as object), ...(options.logStream && { stream: options.logStream }) },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  const registeredRoutes: Array<{ method: string; url: string; action?: string }> = [];
  app.decorate("registeredRoutes", registeredRoutes);
  app.addHook("onRoute", (route) => {
    const action = route.config?.action;
    for (const method of [route.method].flat()) registeredRoutes.push({ method, url: route.url, action });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ compareWithZod: config.env === "test" }));

  const events = await createEventHub({ connectionString: database.connectionString, logger: app.log });
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, "outbox"),
      logger: app.log,
    });
  const outbound = createOutboundClient({ allow: config.outboundAllow, resolve: options.resolveHost });
  const finishSsoSignIn = ssoSignInFinishers({
    db: database.db,
    events,
    outbound,
    appUrl: config.appUrl,
    now: options.now ?? (() => new Date()),
  });
  const auth = createAuth({
    config,
    db: database.db,
    mailer,
    events,
    passwordHasher: options.passwordHasher,
    finishSsoSignIn,
  });
  app.decorate("config", config);
  app.decorate("db", database.db);
  app.decorate("events", events);
  app.decorate("mailer", mailer);
  app.decorate("auth", auth);
  app.decorate("outbound", outbound);
  app.decorate("resolveTxt", options.resolveTxt ?? resolveTxt);

  // First: every request is counted, including those the hooks below refuse.
  registerMetrics(app);
  const webDist = options.webDist ?? WEB_DIST;
  registerSecurityHeaders(app, webDist);
  registerErrorHandler(app);
  registerJsonBody(app);
  registerYamlBody(app);
  registerRequestGuards(app, { appUrl: config.appUrl });
  await registerActor(app, {
    db: database.db,
    auth,
    sessions: createSessionCache({ ttlSeconds: config.sessionCacheSeconds, events }),
  });
  registerIdempotency(app);
  await registerRateLimits(app, database.db);
  limitApiTokens(app, config.apiTokenRateLimit);
  // Before the routes: the document is built from the routes registered after it.
  await registerOpenapi(app);

  for (const routes of ROUTE_MODULES) await app.register(routes);
  await app.register(runnerPackageRoutes(options.runnerPackage ?? RUNNER_PACKAGE));
  await serveMetrics(app, database.poolStats);
  registerBackgroundJobs(app, database);
  await registerSpa(app, webDist);

  app.addHook("onClose", async () => {
    await events.close();
  });
  return app;
}
