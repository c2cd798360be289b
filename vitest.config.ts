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
      { test: { name: "web", include: ["apps/web/src/**/*.test.ts"] } },
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
    ],
  },
});
