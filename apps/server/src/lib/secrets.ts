import { createHash, randomBytes } from "node:crypto";

/**
 * A new bearer secret: the prefix says what it is (`fdt_` an API token, `fdr_` a runner
 * registration token, `fdrs_` a runner's secret), so secret scanners recognise it; then 256 random bits.
 * Only its hash is stored (hashSecret), so a database leak reveals no working secret.
 */
export function newSecret(prefix: string): string {
  return `${prefix}${randomBytes(32).toString("base64url")}`;
}

/** SHA-256, hex: enough for a 256-bit random secret, and fast enough to look up on every request. */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** What a list may show of a secret: its prefix and first characters. */
export function secretHint(secret: string, prefix: string): string {
  return `${secret.slice(0, prefix.length + 6)}…`;
}
