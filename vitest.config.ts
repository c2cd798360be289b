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
      { test: { name: "shared", include: ["packages/shared/src/**/*.test.ts"] } },
      {
        // The web app's helpers and components, in a simulated browser (src/testing/render.tsx).
        resolve: { alias: { "@": fileURLToPath(new URL("apps/web/src", import.meta.url)) } },
        test: {
          name: "web",
          include: ["apps/web/src/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          setupFiles: ["apps/web/src/testing/setup.ts"],
          // A form test types and clicks through a whole form: on a busy two-core machine that
          // can take longer than the default 5 s without anything being wrong.
          testTimeout: 20_000,
        },
      },
      {
        // The runner program with real processes; its CLI tests run the built bin (built once here).
        test: {
          name: "runner",
          include: ["apps/runner/test/**/*.test.ts"],
          globalSetup: ["apps/runner/test/helpers/build-runner.ts"],
          env: { TEST_DATABASE: "pglite" },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      ...databases.map((database) => ({
        test: {
          name: `server-${database}`,
          include: ["apps/server/test/**/*.test.ts"],
          // *.postgres.test.ts need several connections to one PostgreSQL; the process tests are
          // about the embedded database's data directory.
          exclude:
            database === "postgres" ? ["apps/server/test/process/**"] : ["apps/server/test/**/*.postgres.test.ts"],
          env: { TEST_DATABASE: database },
          globalSetup: database === "postgres" ? ["apps/server/test/setup/postgres-template.ts"] : [],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      })),
    ],
  },
});
