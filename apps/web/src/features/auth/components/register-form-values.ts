import { RegisterSchema, type RegisterInput } from "@flowdeck/shared";
import { z } from "zod";
import type { ZodForm } from "@/lib/use-zod-form.ts";
import type { RegisterMode } from "./register-mode-picker.tsx";

/** Every field of both modes; the chosen mode's fields go to the shared schema, which checks them. */
export type RegisterFormValues = {
  mode: RegisterMode;
  email: string;
  password: string;
  confirmPassword: string;
  invitationCode: string;
  organizationName: string;
  domain: string;
};
export type RegisterForm = ZodForm<RegisterFormValues, RegisterInput>;

export const RegisterFormSchema = z
  .custom<RegisterFormValues>()
  .transform(({ mode, invitationCode, organizationName, domain, ...account }): RegisterInput =>
    mode === "join" ? { mode, invitationCode, ...account } : { mode, organizationName, domain, ...account },
  )
  .pipe(RegisterSchema);

/**
 * The invitation code: ?code=, or the one in ?redirect=/invite/{code} when the invitee went from
 * the invitation to Log In and on to "Create one".
 */
export function invitationCodeOf(searchParams: URLSearchParams, redirect: string): string {
  const fromInvitation = /^\/invite\/([^/?#]+)$/.exec(redirect)?.[1];
  return searchParams.get("code") ?? (fromInvitation ? decodeURIComponent(fromInvitation) : "");
}
