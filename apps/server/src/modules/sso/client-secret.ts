import type { Executor } from "../../db/database.ts";
import { openValue, sealValue } from "../../lib/envelope.ts";
import { dataKeyForSealing, openDataKey } from "../secrets/keyring.ts";
import { findSealedClientSecret } from "./repository.ts";

/**
 * The connection's client secret, sealed with the organization's data key like its secrets
 * (decision 060), under a name no secret can have (secret names are upper case), so neither can
 * be moved into the other's place.
 */
const PLACE_NAME = "sso-client-secret";

export async function sealClientSecret(tx: Executor, organizationId: string, value: string) {
  const dataKey = await dataKeyForSealing(tx, organizationId);
  const sealed = sealValue(dataKey.key, value, { organizationId, name: PLACE_NAME });
  return { dataKeyId: dataKey.id, secretIv: sealed.iv, secretCiphertext: sealed.ciphertext, secretAuthTag: sealed.tag };
}

/** The client secret, opened to call the provider's token endpoint; never logged, never answered. */
export async function openClientSecret(db: Executor, organizationId: string): Promise<string | undefined> {
  const row = await findSealedClientSecret(db, organizationId);
  // A SAML connection (decision 078) keeps no secret.
  if (!row?.iv || !row.ciphertext || !row.tag) return undefined;
  const sealed = { iv: row.iv, ciphertext: row.ciphertext, tag: row.tag };
  return openValue(openDataKey(row.dataKey), sealed, { organizationId, name: PLACE_NAME });
}
