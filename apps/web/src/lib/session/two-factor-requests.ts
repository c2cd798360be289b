import { api } from "@/lib/api-client.ts";

/** better-auth's answer to the password step when the account has two-factor sign-in on. */
export function needsSecondFactor(answer: unknown): boolean {
  return (
    typeof answer === "object" &&
    answer !== null &&
    (answer as { twoFactorRedirect?: unknown }).twoFactorRedirect === true
  );
}

/** The second sign-in step, or the confirmation of a new set-up: a code from the authenticator app. */
export function verifyTotp(code: string) {
  return api<unknown>("/api/auth/two-factor/verify-totp", { method: "POST", body: { code } });
}

export function verifyBackupCode(code: string) {
  return api<unknown>("/api/auth/two-factor/verify-backup-code", { method: "POST", body: { code } });
}

/** Starts the set-up: the secret (in an otpauth:// URI) and 10 backup codes, shown once. */
export function enableTwoFactor(password: string) {
  return api<{ totpURI: string; backupCodes: string[] }>("/api/auth/two-factor/enable", {
    method: "POST",
    body: { password },
  });
}

export function disableTwoFactor(password: string) {
  return api<unknown>("/api/auth/two-factor/disable", { method: "POST", body: { password } });
}
