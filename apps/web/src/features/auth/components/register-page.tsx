import { useState } from "react";
import { MESSAGES } from "@flowdeck/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate, useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { TextLink } from "@/components/ui/text-link.tsx";
import { rememberAccepted } from "@/lib/session/accepted-invitations.ts";
import { welcomeState } from "@/lib/session/invitation-notice-state.ts";
import { safeRedirect } from "@/lib/session/safe-redirect.ts";
import { useZodForm } from "@/lib/use-zod-form.ts";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { register } from "../api/auth-requests.ts";
import { useRegistrationPolicy } from "../api/get-registration-policy.ts";
import { RegistrationClosed } from "./registration-closed.tsx";
import { RegistrationSent } from "./registration-sent.tsx";
import { AuthLayout } from "./auth-layout.tsx";
import { OAuthButtons } from "./oauth-buttons.tsx";
import { RegisterAccountFields } from "./register-account-fields.tsx";
import { RegisterFormSchema, invitationCodeOf } from "./register-form-values.ts";
import { RegisterOrganizationFields } from "./register-organization-fields.tsx";

/**
 * /register, as the server's REGISTRATION setting allows (decision 056): both ways to start, only
 * joining with an invitation, or a note that registration is closed.
 */
export function RegisterPage() {
  const policy = useRegistrationPolicy();
  if (policy.isPending) {
    return (
      <AuthLayout title="Create your account" pageTitle="Sign Up">
        <div aria-busy="true" aria-label="Loading" className="space-y-4">
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      </AuthLayout>
    );
  }
  // Unread, the form shows; the server refuses what its setting does not allow.
  if (policy.data?.joinWithInvitation === false) return <RegistrationClosed />;
  return <RegisterForm createOrganization={policy.data?.createOrganization ?? true} />;
}

function RegisterForm({ createOrganization }: { createOrganization: boolean }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const redirect = safeRedirect(searchParams.get("redirect"));
  const code = invitationCodeOf(searchParams, redirect);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useZodForm(RegisterFormSchema, {
    defaultValues: {
      mode: code || !createOrganization ? "join" : "create",
      email: searchParams.get("email") ?? "",
      password: "",
      confirmPassword: "",
      invitationCode: code,
      organizationName: "",
      domain: "",
    },
  });
  const { attach: attachForm } = form;
  const busy = form.formState.isSubmitting || form.formState.isSubmitSuccessful;
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = form.submit(async (input) => {
    try {
      const result = await register(input);
      if ("confirmationSentTo" in result) return setSentTo(result.confirmationSentTo);
      // Joined with an invitation: straight to the dashboard with the welcome that accepting it
      // gives, never back to the invitation, whose code is now spent.
      const joined = result.invitation;
      const next = joined ? { to: "/dashboard", state: welcomeState(joined) } : { to: redirect, state: undefined };
      if (joined && input.mode === "join") rememberAccepted(input.invitationCode, joined.organizationName);
      // The signed-in guard sends this page on when the session arrives: to the same place.
      setSearchParams({ redirect: next.to }, { replace: true, state: next.state });
      // A new account: nothing read before it still holds.
      await queryClient.invalidateQueries();
      await navigate(next.to, { replace: true, state: next.state });
    } catch (error) {
      form.showServerError(error, MESSAGES.registerFailed);
    }
  });

  if (sentTo) {
    const changeEmail = () => {
      setSentTo(null);
      form.reset(form.getValues()); // the form is not "submitted" any more: its button works again
    };
    return <RegistrationSent email={sentTo} onChangeEmail={changeEmail} />;
  }

  return (
    <AuthLayout
      title="Create your account"
      pageTitle="Sign Up"
      subtitle={
        createOrganization
          ? "Join your team's organization or start a new one."
          : "Join your team's organization with your invitation."
      }
    >
      <form ref={attachForm} onSubmit={submit} noValidate className="space-y-4">
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        <RegisterOrganizationFields form={form} createOrganization={createOrganization} />
        <RegisterAccountFields form={form} />
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
