import { randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { REGISTRATION_MODES, type RegistrationMode } from "@flowdeck/shared/auth/registration";
import { z } from "zod";
import type { SecretKey } from "./lib/envelope.ts";
import { parseKey, newKey } from "./lib/envelope.ts";
import { parseAllowList, type AllowList } from "./lib/outbound/address-policy.ts";

const KEY_HINT = "32 random bytes in base64, e.g. the output of `openssl rand -base64 32`";

/** A master key in the environment: 32 bytes in base64 (decision 060). */
const masterKey = z
  .string()
  .optional()
  .transform((value, context) => {
    if (value === undefined) return undefined;
    try {
      return parseKey(value);
    } catch (error) {
      context.addIssue({ code: "custom", message: `${(error as Error).message}: it must be ${KEY_HINT}` });
      return z.NEVER;
    }
  });

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().default("Flowdeck <no-reply@localhost>"),
  REGISTRATION: z.enum(REGISTRATION_MODES).default("open"),
  REGISTRATION_CONFIRMS_EMAIL: z.enum(["auto", "on", "off"]).default("auto"),
  TRUST_PROXY: z.enum(["true", "false"]).default("false"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  ABUSE_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  API_TOKEN_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  /** Calls a minute each webhook answers before 429 (decision 068). */
  WEBHOOK_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  SCHEDULER: z.enum(["on", "off"]).default("on"),
  NOTIFICATIONS: z.enum(["on", "off"]).default("on"),
  RETENTION: z.enum(["on", "off"]).default("on"),
  RETENTION_INTERVAL_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(5_000),
  RUNNER_CLAIM_HOLD_SECONDS: z.coerce.number().int().min(0).max(120).default(25),
  RUNNER_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  RUN_LOG_MAX_MB: z.coerce.number().min(0.001).max(1024).default(5),
  SSE_HEARTBEAT_MS: z.coerce.number().int().min(10).max(300_000).default(20_000),
  LIVE_STREAMS_PER_ORGANIZATION: z.coerce.number().int().min(1).max(100_000).default(500),
  OUTBOUND_ALLOW: z
    .string()
    .optional()
    .transform((value, context) => {
      try {
        return parseAllowList(value);
      } catch (error) {
        context.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    }),
  SECRETS_KEY: masterKey,
  /** Keys still accepted to open data keys while a rotation is under way, comma-separated. */
  SECRETS_KEY_PREVIOUS: z
    .string()
    .optional()
    .transform((value, context) => {
      const keys: SecretKey[] = [];
      for (const [index, part] of (value ?? "").split(",").entries()) {
        if (part.trim() === "") continue;
        try {
          keys.push(parseKey(part));
        } catch (error) {
          context.addIssue({
            code: "custom",
            message: `key ${index + 1}: ${(error as Error).message}: each must be ${KEY_HINT}`,
          });
          return z.NEVER;
        }
      }
      return keys;
    }),
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").max(512).optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
});

export type Config = {
  env: "development" | "production" | "test";
  host: string;
  port: number;
  appUrl: string;
  /** False when APP_URL was not set and appUrl is only a guess (http://localhost:PORT). */
  appUrlSet: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections this instance keeps to PostgreSQL at most. */
  databasePoolSize: number;
  /** How long a signed-in session and its memberships stay cached in memory; 0 reads them each time. */
  sessionCacheSeconds: number;
  authSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  trustProxy: boolean;
  logLevel: string;
  loginRateLimit: number;
  /** Who may create an account: anyone, invited people (and an empty instance's first), nobody. */
  registration: RegistrationMode;
  /**
   * Whether a new organization's registration waits for a mailed link, so registration answers
   * the same whether or not the address has an account (decision 045): "on" always, "auto" once
   * the instance has an account (the very first registration signs in at once), "off" never.
   */
  registrationConfirmsEmail: "auto" | "on" | "off";
  /**
   * Per minute: registrations and invitation-code lookups (per client address), invitation mails
   * (per person, a token counting as its creator; per address invited; per client address) and
   * password-reset requests (per e-mail address).
   */
  abuseRateLimit: number;
  /** Requests a minute per API token. */
  apiTokenRateLimit: number;
  webhookRateLimit: number;
  schedulerEnabled: boolean;
  /** Whether this instance sends queued notifications (mail and webhooks). */
  notificationsEnabled: boolean;
  /** Whether this instance runs the retention job (decision 029). */
  retentionEnabled: boolean;
  /** How long the retention job rests after a pass (a pass deletes up to 5,000 runs). */
  retentionIntervalMs: number;
  /** How often this instance looks for due workflows. */
  schedulerIntervalMs: number;
  /** How often an idle live-update stream sends a comment, so proxies keep it open. */
  sseHeartbeatMs: number;
  /** Live-update streams one organization may hold open on an instance; more are refused (429). */
  liveStreamsPerOrganization: number;
  /**
   * The master keys of organizations' secrets (decision 060): `key` seals new data keys and opens
   * those it sealed; `previous` only open (SECRETS_KEY_PREVIOUS, during a rotation). `source` says
   * where `key` came from, for messages: "SECRETS_KEY" or the key file's path.
   */
  secrets: { key: SecretKey; previous: SecretKey[]; source: string };
  /** Internal hosts and ranges the server may call all the same (OUTBOUND_ALLOW, decision 055). */
  outboundAllow: AllowList;
  metrics: {
    /** When set, GET /metrics asks for `Authorization: Bearer <token>` (METRICS_TOKEN). */
    token: string | undefined;
    /** When set, /metrics is served only on this port, by a listener of its own (METRICS_PORT). */
    port: number | undefined;
  };
  runners: {
    /** How long a runner's claim is held open when there is no work. */
    claimHoldMs: number;
    /** A running run whose runner has not called for this long is lost. */
    leaseMs: number;
    /** A run's stored output stops at this many bytes, with a truncation marker. */
    logMaxBytes: number;
  };
  oauth: {
    google?: { clientId: string; clientSecret: string };
    github?: { clientId: string; clientSecret: string };
  };
};

export class ConfigError extends Error {}

/** Parses the environment once; a bad variable stops start-up with a message that names it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) throw invalidConfiguration(parsed.error);
  const values = parsed.data;
  if (values.METRICS_PORT !== undefined && values.METRICS_PORT !== 0 && values.METRICS_PORT === values.PORT) {
    throw new ConfigError("Invalid configuration:\n  METRICS_PORT: must differ from PORT, or be left unset");
  }
  const dataDir = path.resolve(values.DATA_DIR);
  return {
    env: values.NODE_ENV,
    host: values.HOST,
    port: values.PORT,
    appUrlSet: values.APP_URL !== undefined,
    appUrl: (values.APP_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ""),
    dataDir,
    databaseUrl: values.DATABASE_URL,
    databasePoolSize: values.DATABASE_POOL_SIZE,
    sessionCacheSeconds: values.SESSION_CACHE_SECONDS,
    authSecret: values.BETTER_AUTH_SECRET ?? readOrCreateSecret(dataDir),
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    trustProxy: values.TRUST_PROXY === "true",
    logLevel: values.LOG_LEVEL,
    loginRateLimit: values.LOGIN_RATE_LIMIT,
    abuseRateLimit: values.ABUSE_RATE_LIMIT,
    registration: values.REGISTRATION,
    // With or without SMTP: without it the link goes to the outbox, as invitations do (decision 045).
    registrationConfirmsEmail: values.REGISTRATION_CONFIRMS_EMAIL,
    apiTokenRateLimit: values.API_TOKEN_RATE_LIMIT,
    webhookRateLimit: values.WEBHOOK_RATE_LIMIT,
    schedulerEnabled: values.SCHEDULER === "on",
    schedulerIntervalMs: values.SCHEDULER_INTERVAL_MS,
    notificationsEnabled: values.NOTIFICATIONS === "on",
    retentionEnabled: values.RETENTION === "on",
    retentionIntervalMs: values.RETENTION_INTERVAL_MS,
    sseHeartbeatMs: values.SSE_HEARTBEAT_MS,
    liveStreamsPerOrganization: values.LIVE_STREAMS_PER_ORGANIZATION,
    outboundAllow: values.OUTBOUND_ALLOW,
    secrets: secretsKeys(values.SECRETS_KEY, values.SECRETS_KEY_PREVIOUS, dataDir),
    metrics: { token: values.METRICS_TOKEN, port: values.METRICS_PORT },
    runners: {
      claimHoldMs: values.RUNNER_CLAIM_HOLD_SECONDS * 1000,
      leaseMs: values.RUNNER_LEASE_SECONDS * 1000,
      logMaxBytes: Math.round(values.RUN_LOG_MAX_MB * 1024 * 1024),
    },
    oauth: {
      google: pair(values.GOOGLE_CLIENT_ID, values.GOOGLE_CLIENT_SECRET),
      github: pair(values.GITHUB_CLIENT_ID, values.GITHUB_CLIENT_SECRET),
    },
  };
}

function invalidConfiguration(error: z.ZodError): ConfigError {
  const problems = error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
  return new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
}

/**
 * Where the data lives, and nothing else: for `npm run backup` and `npm run restore`, which must
 * not make the key files in the data directory as `loadConfig` does.
 */
export function loadStorageConfig(env: NodeJS.ProcessEnv = process.env): { dataDir: string; databaseUrl?: string } {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = EnvSchema.pick({ DATA_DIR: true, DATABASE_URL: true }).safeParse(cleaned);
  if (!parsed.success) throw invalidConfiguration(parsed.error);
  return { dataDir: path.resolve(parsed.data.DATA_DIR), databaseUrl: parsed.data.DATABASE_URL };
}

function pair(clientId: string | undefined, clientSecret: string | undefined) {
  return clientId && clientSecret ? { clientId, clientSecret } : undefined;
}

/**
 * Without BETTER_AUTH_SECRET a random secret is made once and kept in the data directory
 * (readable only by its owner), so sessions survive restarts. Several instances must share one
 * secret through the environment instead.
 */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  const secret = readOrCreateFile(file, () => randomBytes(32).toString("base64url"));
  if (secret.length < 32) throw new ConfigError(`${file} does not hold a secret: delete it or set BETTER_AUTH_SECRET`);
  return secret;
}

/** The file that holds the master key of secrets when SECRETS_KEY is not set, beside auth-secret. */
export const SECRETS_KEY_FILE = "secrets-key";

/**
 * Without SECRETS_KEY the master key is made once into the data directory (readable only by its
 * owner). It must be backed up with the database, and be the same on every instance.
 */
function secretsKeys(fromEnvironment: SecretKey | undefined, previous: SecretKey[], dataDir: string) {
  if (fromEnvironment) return { key: fromEnvironment, previous, source: "SECRETS_KEY" };
  const file = path.join(dataDir, SECRETS_KEY_FILE);
  const text = readOrCreateFile(file, () => newKey().bytes().toString("base64"));
  try {
    return { key: parseKey(text), previous, source: file };
  } catch (error) {
    throw new ConfigError(
      `${file} does not hold a master key (${(error as Error).message}): restore it from your backup, or set SECRETS_KEY`,
    );
  }
}

/** A file's trimmed text; when there is none, `make()` is written there first (mode 0600). */
function readOrCreateFile(file: string, make: () => string): string {
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    // Written whole under a name of its own, then linked into place: a process starting at the
    // same moment either links first or finds the complete file, never a half-written one.
    const draft = `${file}.${randomBytes(6).toString("hex")}.tmp`; // not the PID: containers share PID 1
    writeFileSync(draft, `${make()}\n`, { mode: 0o600 });
    try {
      linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      unlinkSync(draft);
    }
  }
  return readFileSync(file, "utf8").trim();
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "::1"]);

/**
 * What an operator must fix, said in the log at start and on owners' dashboards: without APP_URL,
 * mailed links (invitations, password resets) point at localhost, which works only on this
 * machine, while the server listens on an address others reach.
 */
export function configWarnings(config: Pick<Config, "appUrlSet" | "appUrl" | "host">): string[] {
  if (config.appUrlSet || LOOPBACK_HOSTS.has(config.host) || config.host.startsWith("127.")) return [];
  return [
    `APP_URL is not set: links in mails point at ${config.appUrl}, which works only on the server itself. Set APP_URL to the address your team opens Flowdeck at.`,
  ];
}
