import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { inspect } from "node:util";

/**
 * Envelope encryption (decision 060), AES-256-GCM only, through Node's crypto: a value is sealed
 * with its organization's data key; the data key is sealed (wrapped) with the instance's master
 * key. Each sealed thing says which key sealed it, and is bound by GCM's additional data to where
 * it belongs, so a row copied to another organization or name does not open. Pure: no I/O.
 */

const ALGORITHM = "aes-256-gcm";
const KEY_BYTES = 32;
/** 96 bits: GCM's own nonce size, random for each seal. */
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A sealed value: what is stored, none of it secret. */
export type Sealed = { iv: Buffer; ciphertext: Buffer; tag: Buffer };

/** A data key sealed by a master key, with that master key's id. */
export type WrappedKey = Sealed & { masterKeyId: string };

/** Refused: a wrong key, or a sealed value that was changed or moved. Never says more. */
export class EnvelopeError extends Error {}

/**
 * A 256-bit key that never prints: logs, JSON and `util.inspect` show only its id, so a key that
 * reaches a log line by mistake leaks nothing.
 */
export class SecretKey {
  readonly id: string;
  readonly #bytes: Buffer;

  constructor(bytes: Buffer) {
    if (bytes.length !== KEY_BYTES) throw new EnvelopeError(`a key is ${KEY_BYTES} bytes, not ${bytes.length}`);
    this.#bytes = Buffer.from(bytes);
    this.id = keyId(this.#bytes);
  }

  /** The key's bytes, for crypto calls only. */
  bytes(): Buffer {
    return this.#bytes;
  }

  toJSON() {
    return { keyId: this.id };
  }

  toString() {
    return `[key ${this.id}]`;
  }

  [inspect.custom]() {
    return this.toString();
  }
}

/**
 * The first 8 bytes of SHA-256 over the key (with a label, so the id is no plain hash of it), in
 * hex: tells keys apart in stored rows and messages, and reveals nothing of the key.
 */
export function keyId(key: Buffer): string {
  return createHash("sha256").update("flowdeck-key-id\0").update(key).digest().subarray(0, 8).toString("hex");
}

/** A new random key (a data key, or a master key in tests). */
export function newKey(): SecretKey {
  return new SecretKey(randomBytes(KEY_BYTES));
}

/** A master key as written in SECRETS_KEY or the key file: 32 bytes in base64 (or base64url). */
export function parseKey(text: string): SecretKey {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) throw new EnvelopeError("is not base64");
  const bytes = Buffer.from(trimmed, "base64");
  if (bytes.length !== KEY_BYTES) throw new EnvelopeError(`holds ${bytes.length} bytes, not ${KEY_BYTES}`);
  return new SecretKey(bytes);
}

export function seal(key: SecretKey, plaintext: Buffer, additionalData: Buffer): Sealed {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key.bytes(), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(additionalData);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, ciphertext, tag: cipher.getAuthTag() };
}

export function open(key: SecretKey, sealed: Sealed, additionalData: Buffer): Buffer {
  if (sealed.iv.length !== IV_BYTES || sealed.tag.length !== TAG_BYTES) throw new EnvelopeError("malformed");
  try {
    const decipher = createDecipheriv(ALGORITHM, key.bytes(), sealed.iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(additionalData);
    decipher.setAuthTag(sealed.tag);
    return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]);
  } catch {
    throw new EnvelopeError("does not open with this key");
  }
}

/** What binds a sealed thing to its place; JSON keeps the parts apart whatever they hold. */
const dataKeyContext = (organizationId: string) =>
  Buffer.from(JSON.stringify(["flowdeck-data-key-v1", organizationId]));
const valueContext = (organizationId: string, name: string) =>
  Buffer.from(JSON.stringify(["flowdeck-secret-v1", organizationId, name]));

/** Seals an organization's data key with the master key. */
export function wrapDataKey(master: SecretKey, dataKey: SecretKey, organizationId: string): WrappedKey {
  return { ...seal(master, dataKey.bytes(), dataKeyContext(organizationId)), masterKeyId: master.id };
}

/** Opens an organization's data key with the master key its id names, from `masterKeys`. */
export function unwrapDataKey(
  masterKeys: readonly SecretKey[],
  wrapped: WrappedKey,
  organizationId: string,
): SecretKey {
  const master = masterKeys.find((key) => key.id === wrapped.masterKeyId);
  if (!master) throw new EnvelopeError(`sealed with master key ${wrapped.masterKeyId}, which is not configured`);
  const bytes = open(master, wrapped, dataKeyContext(organizationId));
  try {
    return new SecretKey(bytes);
  } finally {
    bytes.fill(0);
  }
}

/** Seals a secret's value with its organization's data key, bound to the organization and name. */
export function sealValue(dataKey: SecretKey, value: string, place: { organizationId: string; name: string }): Sealed {
  const plaintext = Buffer.from(value, "utf8");
  try {
    return seal(dataKey, plaintext, valueContext(place.organizationId, place.name));
  } finally {
    plaintext.fill(0);
  }
}

export function openValue(dataKey: SecretKey, sealed: Sealed, place: { organizationId: string; name: string }): string {
  const plaintext = open(dataKey, sealed, valueContext(place.organizationId, place.name));
  try {
    return plaintext.toString("utf8");
  } finally {
    plaintext.fill(0);
  }
}
