import { execFile, spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import type { APIRequestContext } from "@playwright/test";
import { expect } from "@playwright/test";
import { E2E_BASE_URL } from "./env.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * Registers a real runner program the way an admin does: a registration token from the Runners
 * page's route, then the command Flowdeck shows, run in a shell, keeping its credentials in `configDir`.
 */
export async function registerRunner(
  request: APIRequestContext,
  organizationId: string,
  configDir: string,
  name: string,
): Promise<void> {
  const token = await request.post(`/api/orgs/${organizationId}/runners/registration-tokens`, {
    headers: { origin: E2E_BASE_URL },
  });
  expect(token.status()).toBe(201);
  await promisify(execFile)("bash", ["-c", `${(await token.json()).command} --name ${name}`], {
    cwd: ROOT,
    env: { ...process.env, FLOWDECK_RUNNER_CONFIG: configDir },
  });
}

/**
 * `flowdeck-runner start` with the registration in `configDir`, and `env` added to its
 * environment; the caller kills it by its pid.
 */
export function startRunner(configDir: string, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ["apps/runner/bin/flowdeck-runner.js", "start"], {
    cwd: ROOT,
    env: { ...process.env, ...env, FLOWDECK_RUNNER_CONFIG: configDir },
    stdio: "ignore",
  });
}
