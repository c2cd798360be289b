import { ConfigError, configWarnings, loadConfig } from "./config.ts";
import { buildApp } from "./app.ts";
import { DataDirLockedError } from "./db/data-dir-lock.ts";
import { openDatabase } from "./db/database.ts";

async function main() {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: "postgres", connectionString: config.databaseUrl, poolSize: config.databasePoolSize }
      : { kind: "pglite", dataDir: config.dataDir },
  );
  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    // Stop accepting, end SSE streams, let in-flight requests finish, then close the database.
    const forceExit = setTimeout(() => process.exit(1), 15_000);
    forceExit.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    { url: config.appUrl, database: database.kind === "pglite" ? `embedded (${config.dataDir})` : "PostgreSQL" },
    "Flowdeck is running",
  );
  if (app.metricsServer) app.log.info({ port: config.metrics.port }, "metrics are served on their own port");
  for (const warning of configWarnings(config)) app.log.warn(warning);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error("Flowdeck could not start:", error);
  }
  process.exit(1);
});
