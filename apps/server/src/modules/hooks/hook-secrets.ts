import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Executor } from "../../db/database.ts";
import { openValue, sealValue } from "../../lib/envelope.ts";
import { findDataKeyById } from "../secrets/repository.ts";
import { dataKeyForSealing, openDataKey } from "../secrets/keyring.ts";

/**
 * A webhook's two secrets (decision 068). The URL's secret is 32 random bytes, kept only as its
 * SHA-256 and compared in constant time. The signing secret must be read to check an HMAC, so it is
 * sealed with the organization's data key (decision 060), bound to the organization and the hook.
 */

const SECRET_BYTES = 32;

/** A new URL secret (base64url, 43 characters) and the hash that is stored. */
export function newUrlSecret(): { secret: string; hash: Buffer } {
  const secret = randomBytes(SECRET_BYTES).toString("base64url");
  return { secret, hash: hashUrlSecret(secret) };
}

export function hashUrlSecret(secret: string): Buffer {
  return createHash("sha256").update(secret, "utf8").digest();
}

/** Whether `given` is the secret whose hash is stored; constant time over the fixed-length hashes. */
export function urlSecretMatches(given: string, storedHash: Buffer): boolean {
  const hash = hashUrlSecret(given);
  return storedHash.length === hash.length && timingSafeEqual(hash, storedHash);
}

/** The place a signing secret is sealed to: no secret's name can take this form (they are UPPER_SNAKE). */
const signingPlace = (organizationId: string, hookId: string) => ({ organizationId, name: `webhook:${hookId}` });

export type SealedSigningSecret = {
  signingDataKeyId: string;
  signingIv: Buffer;
  signingCiphertext: Buffer;
  signingAuthTag: Buffer;
};

/** A new signing secret (`whsec_` and 43 base64url characters) and its sealed columns. */
export async function newSigningSecret(
  tx: Executor,
  place: { organizationId: string; hookId: string },
): Promise<{ secret: string; sealed: SealedSigningSecret }> {
  const secret = `whsec_${randomBytes(SECRET_BYTES).toString("base64url")}`;
  const dataKey = await dataKeyForSealing(tx, place.organizationId);
  const sealed = sealValue(dataKey.key, secret, signingPlace(place.organizationId, place.hookId));
  return {
    secret,
    sealed: {
      signingDataKeyId: dataKey.id,
      signingIv: sealed.iv,
      signingCiphertext: sealed.ciphertext,
      signingAuthTag: sealed.tag,
    },
  };
}

/** Opens a hook's signing secret (503 when this instance lacks the master key, as secrets do). */
export async function openSigningSecret(
  db: Executor,
  hook: { id: string; organizationId: string } & SealedSigningSecret,
): Promise<string> {
  const dataKey = await findDataKeyById(db, hook.signingDataKeyId);
  if (!dataKey) throw new Error(`the data key of webhook ${hook.id} is missing`);
  return openValue(
    openDataKey(dataKey),
    { iv: hook.signingIv, ciphertext: hook.signingCiphertext, tag: hook.signingAuthTag },
    signingPlace(hook.organizationId, hook.id),
  );
}

/** `sha256=<hex>` of HMAC-SHA256 over the raw body: GitHub's X-Hub-Signature-256, and ours. */
export function signatureOf(secret: string, body: Buffer): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

/** Whether a signature header matches the body, compared in constant time. */
export function signatureMatches(header: string, secret: string, body: Buffer): boolean {
  const expected = Buffer.from(signatureOf(secret, body), "utf8");
  const given = Buffer.from(header.trim().toLowerCase(), "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
