import { TextField } from "@/components/ui/text-field.tsx";
import type { RegisterForm } from "./register-form-values.ts";

/** The new account's sign-in: an email and a password typed twice. */
export function RegisterAccountFields({ form }: { form: RegisterForm }) {
  return (
    <>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={form.errorOf("email")}
        {...form.register("email")}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        error={form.errorOf("password")}
        hint="At least 6 characters"
        {...form.register("password")}
      />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={form.errorOf("confirmPassword")}
        {...form.register("confirmPassword")}
      />
    </>
  );
}
