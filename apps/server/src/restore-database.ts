import { existsSync } from "node:fs";
import path from "node:path";
import { SECRETS_KEY_FILE } from "./config.ts";
import { restoreDataDir } from "./db/backup.ts";
import { runBackupCommand } from "./db/backup-command.ts";

/**
 * `npm run restore -- <file>` (README "Backups", docs/decisions/066): a backup `npm run backup`
 * wrote becomes the embedded database of an empty DATA_DIR, with no server running on it.
 */
runBackupCommand("restore", async ({ dataDir, file }) => {
  const { migrations } = await restoreDataDir({ dataDir, file });
  console.log(`Restored ${file} into ${dataDir} (a database at migration ${migrations}).`);
  if (!process.env.SECRETS_KEY && !existsSync(path.join(dataDir, SECRETS_KEY_FILE))) {
    console.log(
      `Before starting Flowdeck, put back the master key you kept: copy it to ${path.join(dataDir, SECRETS_KEY_FILE)} ` +
        "(or set SECRETS_KEY). Without it the organizations' secrets cannot be opened and Flowdeck refuses to start.",
    );
  }
  if (!process.env.BETTER_AUTH_SECRET && !existsSync(path.join(dataDir, "auth-secret"))) {
    console.log(
      `Put back ${path.join(dataDir, "auth-secret")} too (or set BETTER_AUTH_SECRET): without it everyone signs in again, ` +
        "and two-factor sign-in cannot open the codes it keeps.",
    );
  }
});
