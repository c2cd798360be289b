import { createHash, randomBytes } from "node:crypto";

/**
 * Runner credentials: random, prefixed so secret scanners recognise them (`fdr_` registration
 * tokens, `fdrs_` runner secrets), and stored only as SHA-256. They carry 256 random bits, so a
 * plain hash is enough: there is nothing to guess that a slow hash would protect.
 */
export function newSecret(prefix: string): string {
  return `${prefix}${randomBytes(32).toString("base64url")}`;
}

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}
