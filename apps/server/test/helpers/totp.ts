import { TOTP } from "otpauth";

/**
 * The code an authenticator app shows for an `otpauth://totp/...` URI (RFC 6238), computed by an
 * independent implementation, not the server's.
 */
export function totpCode(otpauthUri: string): string {
  const secret = new URL(otpauthUri).searchParams.get("secret");
  if (!secret) throw new Error("the URI has no secret");
  return new TOTP({ secret, digits: 6, period: 30, algorithm: "SHA1" }).generate();
}
