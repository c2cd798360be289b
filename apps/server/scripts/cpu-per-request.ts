/**
 * The server's own CPU time per request, without the load generator or other work on the machine:
 * builds the app in this process on a fresh database, registers an owner, then sends each route
 * sequentially through `app.inject` and divides `process.cpuUsage()` by the count. On PGlite the
 * figure includes the database's worker thread (same process); on PostgreSQL the database server's
 * own CPU is not counted.
 *
 *   npx tsx apps/server/scripts/cpu-per-request.ts [pglite|postgres] [requests] [tasks]
 *
 * PostgreSQL needs CPU_DATABASE_URL (a server where the user may CREATE DATABASE); a scratch
 * database is created and dropped. CPU_PROFILE=<dir> writes a V8 CPU profile of each route's
 * measured loop only (no start-up, no warm-up) as <dir>/<route>.cpuprofile.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { openDatabase, type DatabaseHandle } from "../src/db/database.ts";

const [kind = "pglite", requestsArg = "1000", tasksArg = "0"] = process.argv.slice(2);
const requests = Number(requestsArg);
const warmup = Math.max(200, Math.round(requests / 5));
const taskCount = Number(tasksArg);
const origin = "http://localhost:3000";

async function openScratch(): Promise<{ database: DatabaseHandle; drop: () => Promise<void> }> {
  if (kind === "pglite") {
    const database = await openDatabase({ kind: "pglite", dataDir: null });
    return { database, drop: async () => {} };
  }
  const adminUrl = process.env.CPU_DATABASE_URL;
  if (!adminUrl) throw new Error("CPU_DATABASE_URL is not set");
  const name = `flowdeck_cpu_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", connectionString: url.toString() });
  return {
    database,
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const { database, drop } = await openScratch();
const config = loadConfig({
  NODE_ENV: "production",
  APP_URL: origin,
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "flowdeck-cpu-")),
  BETTER_AUTH_SECRET: "cpu-per-request-secret-that-is-long-enough",
  LOG_LEVEL: "warn",
  SCHEDULER: "off",
  NOTIFICATIONS: "off",
  RETENTION: "off",
  REGISTRATION_CONFIRMS_EMAIL: "off",
  ...(process.env.SESSION_CACHE_SECONDS ? { SESSION_CACHE_SECONDS: process.env.SESSION_CACHE_SECONDS } : {}),
});
const app = await buildApp({ config, database });
await app.ready();

try {
  const id = randomBytes(5).toString("hex");
  const password = "cpu-password-42";
  const registered = await app.inject({
    method: "POST",
    url: "/api/account/register",
    headers: { origin },
    payload: {
      mode: "create",
      email: `cpu-${id}@example.com`,
      password,
      confirmPassword: password,
      organizationName: "Cpu",
      domain: `cpu-${id}.example.com`,
    },
  });
  if (registered.statusCode !== 201) throw new Error(`registration failed: ${registered.body}`);
  const { organizationId } = registered.json<{ organizationId: string }>();
  const cookie = registered.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  for (let i = 0; i < taskCount; i++) {
    const created = await app.inject({
      method: "POST",
      url: `/api/orgs/${organizationId}/tasks`,
      headers: { cookie, origin },
      payload: { name: `Task ${i}`, commands: { linux: `echo ${i}` }, tags: ["bench"] },
    });
    if (created.statusCode !== 201) throw new Error(`task not created: ${created.body}`);
  }

  const routes: Array<{ name: string; url: string; auth: boolean }> = [
    { name: "GET /healthz", url: "/healthz", auth: false },
    { name: "GET /api/me", url: "/api/me", auth: true },
    { name: "GET tasks", url: `/api/orgs/${organizationId}/tasks`, auth: true },
    { name: "GET credits/transactions", url: `/api/orgs/${organizationId}/credits/transactions`, auth: true },
  ];
  const only = process.env.CPU_ROUTES?.split(",");
  console.log(`${kind}, ${requests} sequential requests per route after ${warmup} warm-up, ${taskCount} tasks`);
  for (const route of routes) {
    if (only && !only.some((part) => route.name.includes(part))) continue;
    const send = async () => {
      const response = await app.inject({ method: "GET", url: route.url, headers: route.auth ? { cookie } : {} });
      if (response.statusCode !== 200) throw new Error(`${route.name}: ${response.statusCode} ${response.body}`);
    };
    for (let i = 0; i < warmup; i++) await send();
    const profiler = process.env.CPU_PROFILE ? new Session() : null;
    if (profiler) {
      profiler.connect();
      await profiler.post("Profiler.enable");
      await profiler.post("Profiler.start");
    }
    const started = process.cpuUsage();
    const wall = process.hrtime.bigint();
    for (let i = 0; i < requests; i++) await send();
    const used = process.cpuUsage(started);
    const wallMs = Number(process.hrtime.bigint() - wall) / 1e6;
    const cpuMs = (used.user + used.system) / 1000 / requests;
    if (profiler) {
      const { profile } = await profiler.post("Profiler.stop");
      const file = path.join(process.env.CPU_PROFILE!, `${route.name.replace(/\W+/g, "-")}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      profiler.disconnect();
    }
    console.log(
      `${route.name.padEnd(28)} ${cpuMs.toFixed(3)} ms CPU/request (system ${(used.system / 1000 / requests).toFixed(3)}; wall ${(wallMs / requests).toFixed(3)} ms)`,
    );
  }
} finally {
  await app.close();
  await database.close();
  await drop();
}
