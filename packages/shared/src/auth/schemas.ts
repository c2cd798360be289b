import { z } from "zod";
import { MESSAGES } from "../errors/messages.ts";
import { domainField, organizationNameField } from "../organizations/fields.ts";
import { emailField, passwordField } from "./fields.ts";

export const LoginSchema = z.object({
  email: emailField(),
  password: passwordField(MESSAGES.passwordTooShort),
  rememberMe: z.boolean().optional(),
});

const registerAccount = {
  email: emailField(),
  password: passwordField(MESSAGES.passwordTooShortRegister),
  confirmPassword: z.string({ error: MESSAGES.confirmPasswordRequired }).min(1, MESSAGES.confirmPasswordRequired),
};

const CreateOrganizationRegistration = z.object({
  mode: z.literal("create"),
  ...registerAccount,
  organizationName: organizationNameField(MESSAGES.organizationNameMissing),
  domain: domainField(),
});

const JoinOrganizationRegistration = z.object({
  mode: z.literal("join"),
  ...registerAccount,
  invitationCode: z
    .string({ error: MESSAGES.invitationCodeMissing })
    .trim()
    .min(1, MESSAGES.invitationCodeMissing)
    .max(200, MESSAGES.invalidInvitationCode),
});

export const RegisterSchema = z
  .discriminatedUnion("mode", [CreateOrganizationRegistration, JoinOrganizationRegistration])
  .refine((input) => input.password === input.confirmPassword, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ["confirmPassword"],
  });
export type RegisterInput = z.input<typeof RegisterSchema>;
export type RegisterData = z.output<typeof RegisterSchema>;

export const ForgotPasswordSchema = z.object({
  email: emailField(MESSAGES.forgotEmailRequired),
});

export const ResetPasswordSchema = z
  .object({
    token: z.string().min(1, MESSAGES.resetLinkInvalid),
    password: passwordField(MESSAGES.passwordTooShortRegister),
    confirmPassword: z.string().min(1, MESSAGES.confirmPasswordRequired),
  })
  .refine((input) => input.password === input.confirmPassword, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ["confirmPassword"],
  });
