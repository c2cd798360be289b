import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { E2E_BASE_URL, E2E_PORT } from "./e2e/support/env.ts";

// End-to-end tests drive the built app (`npm run build`) in the system's Chromium. Playwright's
// own browser download does not work on our machines; CHROME_PATH points at another Chromium.
// Debian's headless shell (package chromium-headless-shell) is preferred when it is installed:
// the same engine without the browser's UI and GPU processes, it runs the suite in about three
// quarters of the time (docs/decisions/053).
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const CHROME_PATH = process.env.CHROME_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");
const CI = Boolean(process.env.CI);
const ROOT = import.meta.dirname;
const SERVER_BUNDLE = "apps/server/dist/server.js";

if (!existsSync(path.join(ROOT, SERVER_BUNDLE))) {
  throw new Error(`${SERVER_BUNDLE} is missing: run \`npm run build\` first (\`npm run test:e2e\` does both)`);
}

// One fresh data directory per run: the embedded database and the mail outbox (outbox/*.eml,
// read by e2e/support/outbox.ts). The config is loaded again in every worker; workers inherit
// E2E_DATA_DIR from the runner, so only the runner makes one, and removes it when it exits
// (E2E_KEEP_DATA_DIR=1 keeps it to look at).
const DATA_DIR = process.env.E2E_DATA_DIR ?? createDataDir();

function createDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "flowdeck-e2e-"));
  process.env.E2E_DATA_DIR = dir;
  process.on("exit", () => {
    if (!process.env.E2E_KEEP_DATA_DIR) rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  forbidOnly: CI,
  retries: 0, // a flaky test is a bug to fix, not to retry away
  workers: 2,
  // The scenarios drive two or three members' browsers through whole features beside the
  // accessibility sweeps: on a busy 2-core machine some took past 30 s (a time limit, not a wait).
  timeout: 60_000,
  // A guard against a hung run: the suite took 4 minutes on a quiet machine and 13 on a busy one.
  globalTimeout: CI ? 20 * 60_000 : undefined,
  expect: { timeout: 5_000 },
  reporter: CI ? [["list"]] : [["list"], ["html", { outputFolder: "playwright-report", open: "never" }]],
  use: {
    baseURL: E2E_BASE_URL,
    browserName: "chromium",
    headless: true,
    viewport: { width: 1280, height: 720 },
    // A trace records every action's DOM and a screencast: in CI that took about a third of the
    // suite's time, so CI keeps the failure's screenshot and message and a developer's run the trace.
    trace: CI ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROME_PATH,
      // Without the background-networking flags Chromium keeps dialling Google's hosts, which
      // this network refuses; /dev/shm is small in containers.
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
      ],
    },
  },
  projects: [{ name: "chromium" }],
  webServer: {
    command: `node ${SERVER_BUNDLE}`,
    cwd: ROOT,
    url: `${E2E_BASE_URL}/readyz`, // ready once the database answers
    // A server started by hand has another data directory, so the outbox helpers would read the
    // wrong one: reuse it only on request (set E2E_DATA_DIR to its DATA_DIR too), never in CI.
    reuseExistingServer: !CI && process.env.E2E_REUSE_SERVER === "1",
    timeout: 60_000,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    env: {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(E2E_PORT),
      APP_URL: E2E_BASE_URL,
      DATA_DIR,
      // Always the embedded database and the file outbox, whatever the developer's shell has.
      DATABASE_URL: "",
      SMTP_URL: "",
      LOG_LEVEL: "warn",
      LOGIN_RATE_LIMIT: "1000",
      // Every test registers accounts from one address: the abuse limits would refuse the suite.
      ABUSE_RATE_LIMIT: "1000",
      // Tests register many organizations in one step, as the specification describes; the
      // default (a mailed link after the first account) has its own server in
      // registration-confirmation.spec.ts.
      REGISTRATION_CONFIRMS_EMAIL: "off",
      SCHEDULER: "off",
    },
  },
});
