import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";

const ROOT = path.resolve(import.meta.dirname, "../..");

export type SecondServer = { baseUrl: string; dataDir: string; stop: () => Promise<void> };

/**
 * Another end-to-end server beside the suite's, on `port` with its own embedded database and
 * data directory, for a test whose settings would change what every other test sees (the mail
 * confirmation of registrations, single sign-on on the login page). Ready once its database
 * answers; `stop` ends it and removes its data.
 */
export async function startSecondServer(options: {
  port: number;
  name: string;
  env?: Record<string, string>;
}): Promise<SecondServer> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `flowdeck-e2e-${options.name}-`));
  const server = spawn(process.execPath, ["apps/server/dist/server.js"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(options.port),
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SMTP_URL: "",
      SCHEDULER: "off",
      LOG_LEVEL: "warn",
      ...options.env,
    },
    stdio: "ignore",
  });
  const stop = async () => {
    if (server.pid && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      process.kill(server.pid, "SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await expect
      .poll(async () => (await fetch(`${baseUrl}/readyz`).catch(() => undefined))?.status, { timeout: 120_000 })
      .toBe(200);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, dataDir, stop };
}
