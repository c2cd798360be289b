import { zodResolver } from "@hookform/resolvers/zod";
import { REGISTRATION_CONFIRMATION_MESSAGES } from "@flowdeck/shared/auth/registration-confirmation";
import { useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router";
import { z } from "zod";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { TextLink } from "@/components/ui/text-link.tsx";
import { fieldErrorsFromApi } from "@/lib/form-errors.ts";
import { confirmRegistration } from "../api/auth-requests.ts";
import { AuthLayout } from "./auth-layout.tsx";

const PasswordSchema = z.object({ password: z.string().min(1, "Password is required") });

/**
 * /register/confirm?token=… (decision 041): the mailed link. The password typed at registration
 * finishes it: the account and organization are created and the new owner lands on the dashboard.
 */
export function ConfirmRegistrationPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm({ resolver: zodResolver(PasswordSchema), defaultValues: { password: "" } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await confirmRegistration({ token, password });
      await queryClient.invalidateQueries();
      await navigate("/dashboard", { replace: true });
    } catch (error) {
      const fields = fieldErrorsFromApi(error, "Your account could not be created. Please try again.");
      if (fields.password) form.setError("password", { message: fields.password });
      else form.setError("root", { message: fields._ ?? REGISTRATION_CONFIRMATION_MESSAGES.linkInvalid });
    }
  });

  if (!token) {
    return (
      <AuthLayout title="Finish creating your account" pageTitle="Sign Up">
        <Alert tone="error">{REGISTRATION_CONFIRMATION_MESSAGES.linkInvalid}</Alert>
        <p className="mt-4 text-center text-sm">
          <TextLink to="/register">Register again</TextLink>
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Finish creating your account"
      pageTitle="Sign Up"
      subtitle="Enter the password you chose when you registered."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {errors.root?.message && (
          <Alert tone="error">
            {errors.root.message} <TextLink to="/register">Register again</TextLink>
          </Alert>
        )}
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register("password")}
        />
        <Button type="submit" className="w-full" busy={isSubmitting}>
          Create my account
        </Button>
      </form>
    </AuthLayout>
  );
}
