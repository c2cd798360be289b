import { SsoStartSchema } from "@flowdeck/shared/sso/schemas";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { ApiError } from "@/lib/api-client.ts";
import { fieldErrorsOf } from "@/lib/form-errors.ts";
import { startSsoSignIn } from "../api/sso-sign-in.ts";

/**
 * The login's first step where some organization signs in through its identity provider
 * (decision 076): the address goes to the server, and the browser to the provider when the
 * address is on a verified domain. Otherwise the password form follows, the address kept.
 */
export function EmailFirstForm({
  email,
  onEmailChange,
  onPassword,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  /** Go on with a password, with why when it is not the ordinary case (the provider unreachable). */
  onPassword: (problem?: string) => void;
}) {
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = SsoStartSchema.safeParse({ email });
    if (!parsed.success) return setError(fieldErrorsOf(parsed.error).email);
    setError(undefined);
    setBusy(true);
    try {
      const { url } = await startSsoSignIn(parsed.data.email);
      // Busy until the browser leaves for the provider.
      window.location.assign(url);
    } catch (problem) {
      setBusy(false);
      if (problem instanceof ApiError && problem.status === 404) return onPassword();
      if (problem instanceof ApiError && Object.keys(problem.fields).length > 0) return setError(problem.message);
      onPassword(problem instanceof ApiError ? problem.message : undefined);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        error={error}
        hint="Your organization may sign you in through its own identity provider."
        onChange={(event) => onEmailChange(event.target.value)}
      />
      <Button type="submit" busy={busy} className="w-full">
        {busy ? "Continuing..." : "Continue"}
      </Button>
      <button
        type="button"
        onClick={() => onPassword()}
        className="w-full text-center text-sm font-medium text-indigo-700 underline dark:text-indigo-300"
      >
        Sign in with a password instead
      </button>
    </form>
  );
}
