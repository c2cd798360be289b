import { isTotpCode, normalizeTotpCode, TWO_FACTOR_MESSAGES } from "@flowdeck/shared/auth/two-factor";
import type { Profile } from "@flowdeck/shared/profile/schemas";
import { useQueryClient } from "@tanstack/react-query";
import { QRCodeSVG } from "qrcode.react";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { fieldErrorsFromApi } from "@/lib/form-errors.ts";
import { disableTwoFactor, enableTwoFactor, verifyTotp } from "@/lib/session/two-factor-requests.ts";
import { meQueryKey } from "@/lib/session/get-me.ts";
import { profileKeys } from "../api/profile-keys.ts";

type Step =
  | { kind: "idle" }
  | { kind: "scan"; totpURI: string; backupCodes: string[] }
  | { kind: "backup-codes"; backupCodes: string[] };

const CARD =
  "space-y-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6 dark:border-gray-800 dark:bg-gray-900";

/** The secret an authenticator app takes by hand, in groups of four for reading. */
function manualKey(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  return secret.match(/.{1,4}/g)?.join(" ") ?? secret;
}

/**
 * Two-factor sign-in on /profile: turn on with the password, scan the QR code (drawn here, no
 * outside service) or type the key, confirm with a code, then see the 10 backup codes once.
 * Turning off needs the password.
 */
export function TwoFactorSection({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState("");
  const [notice, setNotice] = useState("");
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>, fallback: string) => {
    if (busy) return;
    setBusy(true);
    setError("");
    try {
      await work();
    } catch (failure) {
      setError(fieldErrorsFromApi(failure, fallback)._ ?? fallback);
    } finally {
      setBusy(false);
    }
  };

  const start = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError("Enter your password");
    void run(async () => {
      const started = await enableTwoFactor(password);
      setPassword("");
      setNotice("");
      setStep({ kind: "scan", ...started });
    }, TWO_FACTOR_MESSAGES.invalidPassword);
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (step.kind !== "scan") return;
    if (!isTotpCode(code)) return setError(TWO_FACTOR_MESSAGES.codeFormat);
    void run(async () => {
      await verifyTotp(normalizeTotpCode(code));
      setCode("");
      setStep({ kind: "backup-codes", backupCodes: step.backupCodes });
      await queryClient.invalidateQueries({ queryKey: profileKeys.profile });
      // An organization that requires two-factor sign-in lets them in now.
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    }, TWO_FACTOR_MESSAGES.invalidCode);
  };

  const turnOff = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError("Enter your password");
    void run(async () => {
      await disableTwoFactor(password);
      setPassword("");
      setNotice(TWO_FACTOR_MESSAGES.disabled);
      await queryClient.invalidateQueries({ queryKey: profileKeys.profile });
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    }, TWO_FACTOR_MESSAGES.invalidPassword);
  };

  const heading = (
    <div className="flex flex-wrap items-center gap-2">
      <h2 id="two-factor-heading" className="text-lg font-semibold">
        Two-factor sign-in
      </h2>
      <Badge color={profile.twoFactorEnabled ? "green" : "gray"}>{profile.twoFactorEnabled ? "On" : "Off"}</Badge>
    </div>
  );

  if (step.kind === "backup-codes") {
    return (
      <section aria-labelledby="two-factor-heading" className={CARD}>
        {heading}
        <Alert tone="success">{TWO_FACTOR_MESSAGES.enabled}</Alert>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          Save these backup codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only
          now.
        </p>
        <ol aria-label="Backup codes" className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5">
          {step.backupCodes.map((backupCode) => (
            <li key={backupCode} className="rounded-md bg-gray-100 px-2 py-1 text-center dark:bg-gray-800">
              {backupCode}
            </li>
          ))}
        </ol>
        <div className="flex justify-end">
          <Button onClick={() => setStep({ kind: "idle" })}>I have saved my backup codes</Button>
        </div>
      </section>
    );
  }

  if (step.kind === "scan") {
    return (
      <section aria-labelledby="two-factor-heading" className={CARD}>
        {heading}
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <div className="self-center rounded-lg bg-white p-3 sm:self-start">
            <QRCodeSVG value={step.totpURI} size={176} title="QR code for your authenticator app" />
          </div>
          <div className="min-w-0 space-y-2 text-sm text-gray-700 dark:text-gray-300">
            <p>Scan the QR code with your authenticator app, or enter this key by hand:</p>
            <p>
              <code aria-label="Setup key" className="font-mono wrap-anywhere text-gray-900 dark:text-gray-100">
                {manualKey(step.totpURI)}
              </code>
            </p>
            <p>Then enter the 6-digit code the app shows to finish.</p>
          </div>
        </div>
        <form noValidate onSubmit={confirm} className="space-y-4">
          <TextField
            label="Code from your app"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            error={error || undefined}
            onChange={(event) => setCode(event.target.value)}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => {
                setStep({ kind: "idle" });
                setError("");
              }}
            >
              Cancel
            </Button>
            <Button type="submit" busy={busy}>
              {busy ? "Confirming..." : "Confirm and turn on"}
            </Button>
          </div>
        </form>
      </section>
    );
  }

  return (
    <section aria-labelledby="two-factor-heading" className={CARD}>
      {heading}
      <p className="text-sm text-gray-600 dark:text-gray-400">
        {profile.twoFactorEnabled
          ? "Signing in asks for a code from your authenticator app after your password. Enter your password to turn it off."
          : "Ask for a code from an authenticator app after your password when you sign in. Enter your password to begin."}
      </p>
      {notice && (
        <Alert tone="success" onDismiss={() => setNotice("")}>
          {notice}
        </Alert>
      )}
      <form noValidate onSubmit={profile.twoFactorEnabled ? turnOff : start} className="space-y-4">
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={error || undefined}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div className="flex justify-end">
          {profile.twoFactorEnabled ? (
            <Button type="submit" variant="danger" busy={busy}>
              Turn off two-factor
            </Button>
          ) : (
            <Button type="submit" busy={busy}>
              Turn on two-factor
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}
