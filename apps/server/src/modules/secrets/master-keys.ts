import { ConfigError } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { EnvelopeError, unwrapDataKey, wrapDataKey, type SecretKey } from "../../lib/envelope.ts";
import { masterKeys } from "./keyring.ts";
import { dataKeysByMasterKey, lockDataKeysNotSealedBy, resealDataKey, type DataKeyRow } from "./repository.ts";

const sealedOf = (row: DataKeyRow) => ({
  masterKeyId: row.masterKeyId,
  iv: row.iv,
  ciphertext: row.wrappedKey,
  tag: row.authTag,
});

/**
 * The start-up check: every master key that sealed a data key in this database must be one this
 * instance holds, and open one of them. Otherwise start-up stops with what to do, rather than
 * serving secrets it cannot open (decision 060).
 */
export async function checkMasterKeys(db: Database): Promise<void> {
  const { all, primary, source } = masterKeys();
  for (const { row, organizations } of await dataKeysByMasterKey(db)) {
    try {
      unwrapDataKey(all, sealedOf(row), row.organizationId);
    } catch (error) {
      if (!(error instanceof EnvelopeError)) throw error;
      throw new ConfigError(wrongKeyMessage({ primary, source, sealedBy: row.masterKeyId, organizations }));
    }
  }
}

function wrongKeyMessage(options: { primary: SecretKey; source: string; sealedBy: string; organizations: number }) {
  const from = options.source === "SECRETS_KEY" ? "SECRETS_KEY" : `the key file ${options.source}`;
  return [
    `Secrets: the master key does not open this database's secrets.`,
    `  ${options.organizations} organization(s) have secrets sealed with master key ${options.sealedBy}; this instance's key (from ${from}) is ${options.primary.id}.`,
    `  Start with the SECRETS_KEY the database was used with, or restore the secrets-key file of its data directory from the same backup as the database.`,
    `  During a key rotation, give the old key in SECRETS_KEY_PREVIOUS (README: "Rotating the master key").`,
  ].join("\n");
}

export type RotationReport = { resealed: number; newKeyId: string };

/**
 * Seals every organization's data key again with the primary master key (SECRETS_KEY), opening it
 * with whichever configured key sealed it (SECRETS_KEY_PREVIOUS). The data keys themselves do not
 * change, so no value is touched and every secret stays readable throughout; each batch is its own
 * short transaction, so instances keep serving meanwhile.
 */
export async function rotateMasterKey(db: Database, options: { batchSize?: number } = {}): Promise<RotationReport> {
  const { primary, all } = masterKeys();
  const batchSize = options.batchSize ?? 100;
  let resealed = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const rows = await lockDataKeysNotSealedBy(tx, primary.id, batchSize);
      for (const row of rows) {
        let dataKey: SecretKey;
        try {
          dataKey = unwrapDataKey(all, sealedOf(row), row.organizationId);
        } catch (error) {
          if (!(error instanceof EnvelopeError)) throw error;
          throw new ConfigError(
            `Secrets: a data key is sealed with master key ${row.masterKeyId}, which is neither SECRETS_KEY nor in SECRETS_KEY_PREVIOUS: give that key in SECRETS_KEY_PREVIOUS and run again.`,
          );
        }
        const wrapped = wrapDataKey(primary, dataKey, row.organizationId);
        await resealDataKey(tx, row.id, {
          masterKeyId: wrapped.masterKeyId,
          iv: wrapped.iv,
          wrappedKey: wrapped.ciphertext,
          authTag: wrapped.tag,
        });
      }
      return rows.length;
    });
    resealed += count;
    if (count < batchSize) return { resealed, newKeyId: primary.id };
  }
}
