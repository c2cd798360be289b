import { ConfigError, loadConfig } from "./config.ts";
import { DataDirLockedError } from "./db/data-dir-lock.ts";
import { openDatabase } from "./db/database.ts";
import { installMasterKeys } from "./modules/secrets/keyring.ts";
import { checkMasterKeys, rotateMasterKey } from "./modules/secrets/master-keys.ts";

/**
 * `npm run secrets:rotate-key` (README "Rotating the master key", decision 060): with the new key
 * in SECRETS_KEY and the old one in SECRETS_KEY_PREVIOUS, the same configuration the instances run
 * with, seals every organization's data key again under the new key. Values are not touched.
 */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: "postgres", connectionString: config.databaseUrl, poolSize: 2 }
      : { kind: "pglite", dataDir: config.dataDir },
  );
  try {
    installMasterKeys(config.secrets);
    // Every data key must open with the keys given before any is sealed again.
    await checkMasterKeys(database.db);
    const { resealed, newKeyId } = await rotateMasterKey(database.db);
    console.log(
      `Secrets: ${resealed} organization data key(s) sealed again under master key ${newKeyId}; every data key is now under it. SECRETS_KEY_PREVIOUS can be removed once every instance runs with SECRETS_KEY alone.`,
    );
  } finally {
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) console.error(error.message);
    else console.error("The rotation failed:", error);
    process.exit(1);
  },
);
