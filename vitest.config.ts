import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// API tests run against the embedded database always, and against PostgreSQL too when
// TEST_DATABASE_URL is set (CI sets it).
const databases = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export default defineConfig({
  test: {
    // The default is one worker per spare core (one here): API tests mostly wait on a database,
    // so a few files at once finish sooner even on two cores.
    maxWorkers: 3,
    projects: [
      // Vitest's default of 5 s per test is too short for a year of schedule arithmetic or a form's
      // rerenders when CI shares the machine's two cores; no test waits on a fixed sleep.
      { test: { name: "shared", include: ["packages/shared/src/**/*.test.ts"], isolate: false, testTimeout: 30_000 } },
      {
        // The web app's helpers and components, in a simulated browser (src/testing/render.tsx).
        resolve: { alias: { "@": fileURLToPath(new URL("apps/web/src", import.meta.url)) } },
        test: {
          name: "web",
          include: ["apps/web/src/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          isolate: false,
          setupFiles: ["apps/web/src/testing/setup.ts"],
          testTimeout: 30_000,
        },
      },
      ...databases.map((database) => ({
        // The runner program with real processes; its CLI tests run the built bin (built once here).
        // Its integration tests run the server on the embedded database; *.postgres.test.ts (two
        // runners on one queue) on PostgreSQL, when there is one.
        test: {
          name: database === "pglite" ? "runner" : "runner-postgres",
          include: [database === "pglite" ? "apps/runner/test/**/*.test.ts" : "apps/runner/test/**/*.postgres.test.ts"],
          exclude: database === "pglite" ? ["apps/runner/test/**/*.postgres.test.ts"] : [],
          globalSetup: ["apps/runner/test/helpers/build-runner.ts", `apps/server/test/setup/${database}-template.ts`],
          env: { TEST_DATABASE: database },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      })),
      ...databases.map((database) => ({
        test: {
          name: `server-${database}`,
          include: ["apps/server/test/**/*.test.ts"],
          // *.postgres.test.ts need several connections to one PostgreSQL.
          exclude: [
            "apps/server/test/process/**",
            ...(database === "postgres" ? [] : ["apps/server/test/**/*.postgres.test.ts"]),
          ],
          // Each file builds its own app on its own database, so the files of a worker share one
          // module graph: the server's modules are imported once per worker, not once per file
          // (that took more CPU than the tests themselves).
          isolate: false,
          env: { TEST_DATABASE: database },
          globalSetup: [`apps/server/test/setup/${database}-template.ts`],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      })),
      {
        // The built server as a process of its own (start, stop, kill -9, configuration) on the
        // embedded database's data directory; isolated, as some stub modules.
        test: {
          name: "process",
          include: ["apps/server/test/process/**/*.test.ts"],
          env: { TEST_DATABASE: "pglite" },
          globalSetup: ["apps/server/test/setup/build-server.ts", "apps/server/test/setup/pglite-data-dir-template.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
