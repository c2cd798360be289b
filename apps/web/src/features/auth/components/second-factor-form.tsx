import { isTotpCode, normalizeTotpCode, TWO_FACTOR_MESSAGES } from "@flowdeck/shared/auth/two-factor";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { fieldErrorsFromApi } from "@/lib/form-errors.ts";
import { verifyBackupCode, verifyTotp } from "@/lib/session/two-factor-requests.ts";

/** The sign-in step after the password: a code from the authenticator app, or a backup code. */
export function SecondFactorForm({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const [useBackup, setUseBackup] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const value = useBackup ? code.trim() : normalizeTotpCode(code);
    if (useBackup ? value === "" : !isTotpCode(value)) {
      return setError(useBackup ? TWO_FACTOR_MESSAGES.backupCodeRequired : TWO_FACTOR_MESSAGES.codeFormat);
    }
    setError("");
    setBusy(true);
    try {
      await (useBackup ? verifyBackupCode(value) : verifyTotp(value));
      await onSignedIn();
    } catch (failure) {
      const fallback = useBackup ? TWO_FACTOR_MESSAGES.invalidBackupCode : TWO_FACTOR_MESSAGES.invalidCode;
      setError(fieldErrorsFromApi(failure, fallback)._ ?? fallback);
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-labelledby="second-factor-heading">
      <h2 id="second-factor-heading" className="text-lg font-semibold">
        Two-factor sign-in
      </h2>
      <p className="text-sm text-gray-600 dark:text-gray-400">
        {useBackup
          ? "Enter one of the backup codes you saved when you turned on two-factor sign-in. Each works once."
          : "Enter the 6-digit code your authenticator app shows for Flowdeck."}
      </p>
      <TextField
        label={useBackup ? "Backup code" : "Authentication code"}
        inputMode={useBackup ? "text" : "numeric"}
        autoComplete="one-time-code"
        autoFocus
        value={code}
        error={error || undefined}
        onChange={(event) => setCode(event.target.value)}
      />
      <Button type="submit" busy={busy} className="w-full">
        {busy ? "Verifying..." : "Verify"}
      </Button>
      <button
        type="button"
        className="text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400"
        onClick={() => {
          setUseBackup(!useBackup);
          setCode("");
          setError("");
        }}
      >
        {useBackup ? "Use a code from your authenticator app" : "Use a backup code instead"}
      </button>
    </form>
  );
}
