import { LoginSchema, MESSAGES } from "@flowdeck/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { fieldErrorsFromApi, fieldErrorsOf, type FieldErrors } from "@/lib/form-errors.ts";
import { meQueryKey } from "@/lib/session/get-me.ts";
import { safeRedirect } from "@/lib/session/safe-redirect.ts";
import { logIn } from "../api/auth-requests.ts";
import { ssoStatusQueryOptions } from "../api/sso-sign-in.ts";
import { needsSecondFactor } from "@/lib/session/two-factor-requests.ts";
import { AuthLayout } from "./auth-layout.tsx";
import { EmailFirstForm } from "./email-first-form.tsx";
import { OAuthButtons } from "./oauth-buttons.tsx";
import { SecondFactorForm } from "./second-factor-form.tsx";
import { TextLink } from "@/components/ui/text-link.tsx";

/** The browser tab's name for the sign-in page (also written into its prerendered HTML). */
export const LOGIN_PAGE_TITLE = "Log In";

export function LoginPage() {
  const [searchParams] = useSearchParams();
  const redirect = safeRedirect(searchParams.get("redirect"));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // An invitee comes with the invited address (?email=), kept for "Create one" too.
  const [values, setValues] = useState({ email: searchParams.get("email") ?? "", password: "", rememberMe: false });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [secondFactor, setSecondFactor] = useState(false);
  // With single sign-on somewhere on the instance, the address comes first (decision 076); until
  // the answer is in, and without it, the page is the password form as ever.
  const ssoEnabled = useQuery(ssoStatusQueryOptions).data?.enabled === true;
  const [emailFirst, setEmailFirst] = useState(true);
  const [passwordFocus, setPasswordFocus] = useState(false);
  const ssoError = searchParams.get("sso_error");

  const finishSignIn = async () => {
    await queryClient.invalidateQueries({ queryKey: meQueryKey });
    await navigate(redirect, { replace: true });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = LoginSchema.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      const answer = await logIn(parsed.data);
      if (needsSecondFactor(answer)) {
        setSecondFactor(true);
        setBusy(false);
        return;
      }
      await finishSignIn();
    } catch (error) {
      setErrors({ _: fieldErrorsFromApi(error, MESSAGES.loginFailed)._ ?? MESSAGES.loginFailed });
      setBusy(false);
    }
  };

  if (secondFactor) {
    return (
      <AuthLayout title="Sign in to Flowdeck" pageTitle={LOGIN_PAGE_TITLE} subtitle="One more step: confirm it is you.">
        <SecondFactorForm onSignedIn={finishSignIn} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Sign in to Flowdeck"
      pageTitle={LOGIN_PAGE_TITLE}
      subtitle="Welcome back. Enter your details to continue."
    >
      {ssoError && (
        <Alert tone="error" title="Single sign-on did not work" className="mb-4">
          {ssoError}
        </Alert>
      )}
      {ssoEnabled && emailFirst ? (
        <EmailFirstForm
          email={values.email}
          onEmailChange={(email) => setValues({ ...values, email })}
          onPassword={(problem) => {
            setEmailFirst(false);
            setPasswordFocus(true);
            setErrors(problem ? { _: problem } : {});
          }}
        />
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
          {errors._ && <Alert tone="error">{errors._}</Alert>}
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            value={values.email}
            error={errors.email}
            onChange={(event) => setValues({ ...values, email: event.target.value })}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            // After the address step the password is what is left to type.
            autoFocus={passwordFocus}
            value={values.password}
            error={errors.password}
            onChange={(event) => setValues({ ...values, password: event.target.value })}
          />
          <div className="flex items-center justify-between text-sm">
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={values.rememberMe}
                onChange={(event) => setValues({ ...values, rememberMe: event.target.checked })}
                className="h-4 w-4 rounded border-gray-300"
              />
              Remember me
            </label>
            <TextLink to="/forgot-password">Forgot password?</TextLink>
          </div>
          <Button type="submit" busy={busy} className="w-full">
            {busy ? "Signing in..." : "Sign in"}
          </Button>
        </form>
      )}
      <div className="mt-6">
        <OAuthButtons purpose="login" callbackURL={redirect} />
      </div>
      <p className="mt-6 text-center text-sm text-gray-600 dark:text-gray-400">
        No account yet? <TextLink to={registerLink(searchParams)}>Create one</TextLink>
      </p>
    </AuthLayout>
  );
}

/** "Create one" keeps where the visitor was going and the address they came with. */
function registerLink(searchParams: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const name of ["redirect", "email"]) {
    const value = searchParams.get(name);
    if (value) kept.set(name, name === "redirect" ? safeRedirect(value) : value);
  }
  return kept.size > 0 ? `/register?${kept}` : "/register";
}
