import { backupDataDir } from "./db/backup.ts";
import { keysReminder, runBackupCommand } from "./db/backup-command.ts";

/**
 * `npm run backup -- <file>` (README "Backups", docs/decisions/066): a consistent copy of the
 * embedded database in DATA_DIR, while Flowdeck runs or not. PostgreSQL is backed up with pg_dump.
 */
runBackupCommand("backup", async ({ dataDir, file }) => {
  const { bytes, from } = await backupDataDir({ dataDir, file });
  console.log(`Backup of ${dataDir} (from the ${from}) written to ${file}: ${(bytes / 1e6).toFixed(1)} MB.`);
  console.log(keysReminder(dataDir));
});
