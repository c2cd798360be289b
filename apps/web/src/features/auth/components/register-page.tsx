import { MESSAGES, RegisterSchema } from "@flowdeck/shared";
import { useQueryClient } from "@tanstack/react-query";
import clsx from "clsx";
import { useState, type FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { fieldErrorsFromApi, fieldErrorsOf, type FieldErrors } from "@/lib/form-errors.ts";
import { safeRedirect } from "@/features/session/safe-redirect.ts";
import { register } from "../api/auth-requests.ts";
import { RegistrationSent } from "./registration-sent.tsx";
import { AuthLayout } from "./auth-layout.tsx";
import { OAuthButtons } from "./oauth-buttons.tsx";
import { TextLink } from "@/components/ui/text-link.tsx";

type Mode = "join" | "create";

const MODES: { value: Mode; label: string; description: string }[] = [
  { value: "join", label: "Join an existing organization", description: "Use the invitation code you were sent" },
  { value: "create", label: "Create a new organization", description: "Start a workspace for your team" },
];

/**
 * The invitation code: ?code=, or the one in ?redirect=/invite/{code} when the invitee went from
 * the invitation to Log In and on to "Create one".
 */
function invitationCodeOf(searchParams: URLSearchParams, redirect: string): string {
  const fromInvitation = /^\/invite\/([^/?#]+)$/.exec(redirect)?.[1];
  return searchParams.get("code") ?? (fromInvitation ? decodeURIComponent(fromInvitation) : "");
}

export function RegisterPage() {
  const [searchParams] = useSearchParams();
  const redirect = safeRedirect(searchParams.get("redirect"));
  const code = invitationCodeOf(searchParams, redirect);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>(code ? "join" : "create");
  const [values, setValues] = useState({
    email: searchParams.get("email") ?? "",
    password: "",
    confirmPassword: "",
    invitationCode: code,
    organizationName: "",
    domain: "",
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues({ ...values, [field]: event.target.value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input =
      mode === "join"
        ? {
            mode,
            email: values.email,
            password: values.password,
            confirmPassword: values.confirmPassword,
            invitationCode: values.invitationCode,
          }
        : {
            mode,
            email: values.email,
            password: values.password,
            confirmPassword: values.confirmPassword,
            organizationName: values.organizationName,
            domain: values.domain,
          };
    const parsed = RegisterSchema.safeParse(input);
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      const result = await register(input);
      if ("confirmationSentTo" in result) {
        setBusy(false);
        return setSentTo(result.confirmationSentTo);
      }
      // A new account: nothing read before it still holds (the invitation it used is now spent).
      await queryClient.invalidateQueries();
      await navigate(redirect, { replace: true });
    } catch (error) {
      setErrors(fieldErrorsFromApi(error, MESSAGES.registerFailed));
      setBusy(false);
    }
  };

  if (sentTo) return <RegistrationSent email={sentTo} onChangeEmail={() => setSentTo(null)} />;

  return (
    <AuthLayout
      title="Create your account"
      pageTitle="Sign Up"
      subtitle="Join your team's organization or start a new one."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {errors._ && <Alert tone="error">{errors._}</Alert>}
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-gray-700 dark:text-gray-200">
            How do you want to start?
          </legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {MODES.map((option) => (
              <label
                key={option.value}
                className={clsx(
                  "flex cursor-pointer flex-col rounded-lg border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500",
                  mode === option.value
                    ? "border-indigo-500 bg-indigo-50 dark:bg-indigo-950"
                    : "border-gray-300 dark:border-gray-700",
                )}
              >
                <span className="flex items-center gap-2 font-medium">
                  <input
                    type="radio"
                    name="mode"
                    value={option.value}
                    checked={mode === option.value}
                    onChange={() => {
                      setMode(option.value);
                      setErrors({});
                    }}
                  />
                  {option.label}
                </span>
                <span className="mt-1 text-xs text-gray-600 dark:text-gray-300">{option.description}</span>
              </label>
            ))}
          </div>
        </fieldset>

        {mode === "join" ? (
          <TextField
            label="Invitation code"
            value={values.invitationCode}
            error={errors.invitationCode}
            onChange={set("invitationCode")}
            autoComplete="off"
          />
        ) : (
          <>
            <TextField
              label="Organization name"
              value={values.organizationName}
              error={errors.organizationName}
              onChange={set("organizationName")}
              autoComplete="organization"
            />
            <TextField
              label="Organization domain"
              value={values.domain}
              error={errors.domain}
              onChange={set("domain")}
              placeholder="example.com"
              autoComplete="off"
            />
          </>
        )}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={values.email}
          error={errors.email}
          onChange={set("email")}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          error={errors.password}
          onChange={set("password")}
          hint="At least 6 characters"
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          error={errors.confirmPassword}
          onChange={set("confirmPassword")}
        />
        <Button type="submit" busy={busy} className="w-full">
          {busy ? "Creating your account..." : "Create account"}
        </Button>
      </form>
      <div className="mt-6">
        <OAuthButtons purpose="register" callbackURL={redirect} />
      </div>
      <p className="mt-6 text-center text-sm text-gray-600 dark:text-gray-400">
        Already have an account?{" "}
        <TextLink to={`/login${searchParams.get("redirect") ? `?redirect=${encodeURIComponent(redirect)}` : ""}`}>
          Sign in
        </TextLink>
      </p>
    </AuthLayout>
  );
}
