import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import { registerOrganizationOwner, shareSession, type OwnerAccount } from "./accounts.ts";
import { registerRunner, startRunner } from "./runner.ts";

type Fixtures = {
  /** A fresh owner of a fresh organization; the test's `request` is signed in as them. */
  owner: OwnerAccount;
  /** The test's `page`, signed in as `owner` (no trip through the login form). */
  ownerPage: Page;
  /** Another API client with its own cookie jar, for a second user; disposed after the test. */
  newRequest: () => Promise<APIRequestContext>;
  /**
   * Registers a real runner program for the organization with the command Flowdeck shows (as the
   * test's `request`, an admin or owner) and starts it; after the test it is killed by its pid and
   * its configuration directory, where a step may also keep files, is removed.
   */
  runnerProgram: (
    organizationId: string,
    name: string,
    /** Added to the program's environment, which its steps inherit (a fleet where one machine differs). */
    env?: Record<string, string>,
  ) => Promise<{ configDir: string }>;
};

export const test = base.extend<Fixtures>({
  owner: async ({ request }, use) => {
    await use(await registerOrganizationOwner(request));
  },
  ownerPage: async ({ owner: _owner, request, context, page }, use) => {
    await shareSession(request, context);
    await use(page);
  },
  newRequest: async ({ playwright, baseURL }, use) => {
    const contexts: APIRequestContext[] = [];
    await use(async () => {
      const context = await playwright.request.newContext({ baseURL });
      contexts.push(context);
      return context;
    });
    await Promise.all(contexts.map((context) => context.dispose()));
  },
  runnerProgram: async ({ request }, use) => {
    const configDirs: string[] = [];
    const runners: ChildProcess[] = [];
    await use(async (organizationId, name, env = {}) => {
      const configDir = mkdtempSync(path.join(tmpdir(), "flowdeck-e2e-runner-"));
      configDirs.push(configDir); // removed even when the registration fails
      await registerRunner(request, organizationId, configDir, name);
      runners.push(startRunner(configDir, env));
      return { configDir };
    });
    for (const runner of runners) if (runner.pid && runner.exitCode === null) process.kill(runner.pid, "SIGKILL");
    for (const configDir of configDirs) rmSync(configDir, { recursive: true, force: true });
  },
});

export { expect };
