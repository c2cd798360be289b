/** Texts of two-factor sign-in, shared by the server's error answers and the web app. */
export const TWO_FACTOR_MESSAGES = {
  invalidCode: "That code is not right. Check your authenticator app and try again.",
  invalidBackupCode: "That backup code is not right, or it was used already.",
  invalidPassword: "Your password is not right.",
  codeFormat: "Enter the 6-digit code from your authenticator app",
  backupCodeRequired: "Enter one of your backup codes",
  enabled: "Two-factor sign-in is on.",
  disabled: "Two-factor sign-in is off.",
} as const;

/** A TOTP code as an authenticator app shows it: 6 digits (spaces typed in are ignored). */
export function normalizeTotpCode(input: string): string {
  return input.replace(/\s+/g, "");
}

export function isTotpCode(input: string): boolean {
  return /^\d{6}$/.test(normalizeTotpCode(input));
}
