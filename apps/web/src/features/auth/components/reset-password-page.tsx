import { MESSAGES, ResetPasswordSchema } from "@flowdeck/shared";
import { useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { ApiError } from "@/lib/api-client.ts";
import { fieldErrorsOf, type FieldErrors } from "@/lib/form-errors.ts";
import { resetPassword } from "../api/auth-requests.ts";
import { AuthLayout } from "./auth-layout.tsx";
import { TextLink } from "@/components/ui/text-link.tsx";

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const [values, setValues] = useState({ password: "", confirmPassword: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ResetPasswordSchema.safeParse({ token, ...values });
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      await resetPassword({ token, newPassword: parsed.data.password });
      setDone(true);
    } catch (error) {
      // An unknown, used or expired token all read the same to the user.
      const message = error instanceof ApiError && error.status === 429 ? error.message : MESSAGES.resetLinkInvalid;
      setErrors({ _: message });
    } finally {
      setBusy(false);
    }
  };

  if (!token) {
    return (
      <AuthLayout title="Set a new password">
        <Alert tone="error">{MESSAGES.resetLinkInvalid}</Alert>
        <p className="mt-4 text-center text-sm">
          <TextLink to="/forgot-password">Ask for a new link</TextLink>
        </p>
      </AuthLayout>
    );
  }

  if (done) {
    return (
      <AuthLayout title="Set a new password">
        <Alert tone="success">{MESSAGES.passwordResetDone}</Alert>
        <p className="mt-4 text-center text-sm">
          <TextLink to="/login">Go to sign in</TextLink>
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Set a new password" subtitle="Choose a new password for your account.">
      <form onSubmit={submit} noValidate className="space-y-4">
        {errors._ && (
          <Alert tone="error">
            {errors._}{" "}
            <Link to="/forgot-password" className="font-medium underline">
              Ask for a new link
            </Link>
          </Alert>
        )}
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          error={errors.password}
          hint="At least 6 characters"
          onChange={(event) => setValues({ ...values, password: event.target.value })}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          error={errors.confirmPassword}
          onChange={(event) => setValues({ ...values, confirmPassword: event.target.value })}
        />
        <Button type="submit" busy={busy} className="w-full">
          {busy ? "Saving..." : "Set new password"}
        </Button>
      </form>
    </AuthLayout>
  );
}
