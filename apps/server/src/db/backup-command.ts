import path from "node:path";
import { ConfigError, loadStorageConfig } from "../config.ts";
import { BackupError } from "./backup.ts";

const POSTGRES_TOOL = { backup: "back it up with pg_dump", restore: "restore it with pg_restore" };

/**
 * `npm run backup -- <file>` and `npm run restore -- <file>` alike: the data directory and the
 * file as the operator named them, `work` on them, and a message rather than a stack when the
 * operator has something to fix. PostgreSQL has its own tools (README "Backups").
 */
export function runBackupCommand(
  command: "backup" | "restore",
  work: (options: { dataDir: string; file: string }) => Promise<void>,
): void {
  const run = async () => {
    const { dataDir, databaseUrl } = loadStorageConfig();
    const given = process.argv[2];
    if (!given) throw new BackupError(`Name the backup file: npm run ${command} -- <file>`);
    if (databaseUrl) {
      throw new BackupError(`Flowdeck runs on PostgreSQL (DATABASE_URL): ${POSTGRES_TOOL[command]} (README, Backups)`);
    }
    // npm runs scripts from the repository's root; INIT_CWD is where `npm run` was called.
    await work({ dataDir, file: path.resolve(process.env.INIT_CWD ?? process.cwd(), given) });
  };
  run().then(
    () => process.exit(0),
    (error: unknown) => {
      if (error instanceof ConfigError || error instanceof BackupError) console.error(error.message);
      else console.error(`The ${command} failed:`, error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}

/** Said after every backup: the file holds no key, and the keys open what it holds. */
export function keysReminder(dataDir: string): string {
  return (
    `The backup holds no key. Keep ${path.join(dataDir, "secrets-key")} (or SECRETS_KEY) and ` +
    `${path.join(dataDir, "auth-secret")} (or BETTER_AUTH_SECRET) apart from it, in a safe place: ` +
    "without the master key a restored database cannot open its secrets."
  );
}
