import { ForgotPasswordSchema, MESSAGES } from "@flowdeck/shared";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { fieldErrorsFromApi, fieldErrorsOf, type FieldErrors } from "@/lib/form-errors.ts";
import { requestPasswordReset } from "../api/auth-requests.ts";
import { AuthLayout } from "./auth-layout.tsx";
import { BackToSignIn, MailSent } from "./mail-sent.tsx";

export function ForgotPasswordPage() {
  const [email, setEmail] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ForgotPasswordSchema.safeParse({ email });
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      await requestPasswordReset(parsed.data.email);
      setSentTo(parsed.data.email);
    } catch (error) {
      setErrors({ _: fieldErrorsFromApi(error, MESSAGES.resetEmailFailed)._ ?? MESSAGES.resetEmailFailed });
    } finally {
      setBusy(false);
    }
  };

  if (sentTo) {
    return (
      <AuthLayout title="Reset your password">
        <MailSent
          title={MESSAGES.checkEmail}
          what="a link"
          to={sentTo}
          note={MESSAGES.resetNote}
          other="Send to different email"
          onOther={() => setSentTo(null)}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Reset your password" subtitle="Enter your account's email and we will send you a reset link.">
      <form onSubmit={submit} noValidate className="space-y-4">
        {errors._ && <Alert tone="error">{errors._}</Alert>}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          error={errors.email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <p className="text-xs text-gray-500 dark:text-gray-400">{MESSAGES.resetNote}</p>
        <Button type="submit" busy={busy} className="w-full">
          {busy ? "Sending..." : "Send reset link"}
        </Button>
      </form>
      <BackToSignIn className="mt-6" />
    </AuthLayout>
  );
}
