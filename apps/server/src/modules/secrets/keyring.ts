import { AppError } from "@flowdeck/shared";
import { SECRET_MESSAGES } from "@flowdeck/shared/secrets/messages";
import type { Config } from "../../config.ts";
import type { Executor } from "../../db/database.ts";
import { EnvelopeError, newKey, unwrapDataKey, wrapDataKey, type SecretKey } from "../../lib/envelope.ts";
import { findDataKey, insertDataKey, type DataKeyRow } from "./repository.ts";

/**
 * The instance's master keys (decision 060), installed once when the app is built: the server is
 * one app per process, and `revealSecrets(db, …)` is called from wherever a run is claimed, with
 * no request at hand. Opened data keys are kept in memory (never logged: SecretKey never prints),
 * keyed by how they are sealed, so a re-sealed or replaced data key is opened anew.
 */
type Keyring = { primary: SecretKey; all: SecretKey[]; source: string };

let keyring: Keyring | undefined;
const openedDataKeys = new Map<string, SecretKey>();

export function installMasterKeys(keys: Config["secrets"]) {
  keyring = { primary: keys.key, all: [keys.key, ...keys.previous], source: keys.source };
  openedDataKeys.clear();
}

export function masterKeys(): Keyring {
  if (!keyring) throw new Error("the master keys of secrets are not installed (buildApp installs them)");
  return keyring;
}

/** An organization's data key, opened; refused with 503 when this instance lacks its master key. */
export function openDataKey(row: DataKeyRow): SecretKey {
  const cacheKey = `${row.id}:${row.masterKeyId}:${row.iv.toString("hex")}`;
  const cached = openedDataKeys.get(cacheKey);
  if (cached) return cached;
  let key: SecretKey;
  try {
    key = unwrapDataKey(
      masterKeys().all,
      { masterKeyId: row.masterKeyId, iv: row.iv, ciphertext: row.wrappedKey, tag: row.authTag },
      row.organizationId,
    );
  } catch (error) {
    if (error instanceof EnvelopeError) throw new AppError("unavailable", SECRET_MESSAGES.cannotOpen);
    throw error;
  }
  openedDataKeys.set(cacheKey, key);
  return key;
}

/** The organization's data key for sealing a value: made and stored with its first secret. */
export async function dataKeyForSealing(tx: Executor, organizationId: string): Promise<{ id: string; key: SecretKey }> {
  const existing = await findDataKey(tx, organizationId);
  if (existing) return { id: existing.id, key: openDataKey(existing) };
  const { primary } = masterKeys();
  const key = newKey();
  const wrapped = wrapDataKey(primary, key, organizationId);
  const inserted = await insertDataKey(tx, {
    organizationId,
    masterKeyId: wrapped.masterKeyId,
    iv: wrapped.iv,
    wrappedKey: wrapped.ciphertext,
    authTag: wrapped.tag,
  });
  if (inserted) return { id: inserted.id, key };
  // Another request stored the organization's first data key at the same moment: use that one.
  const stored = await findDataKey(tx, organizationId);
  return { id: stored!.id, key: openDataKey(stored!) };
}
