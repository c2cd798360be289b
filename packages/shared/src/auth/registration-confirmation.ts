import { z } from "zod";
import { MESSAGES } from "../errors/messages.ts";

/**
 * Registration that waits for the address to be confirmed (docs/decisions/041): the answer is the
 * same whether or not the address has an account; the mail says which.
 */
export const RegistrationPendingSchema = z.object({ confirmationSentTo: z.string() });
export type RegistrationPending = z.infer<typeof RegistrationPendingSchema>;

export const REGISTRATION_CONFIRMATION_MESSAGES = {
  linkInvalid: "This link is invalid or has expired. Please register again.",
  wrongPassword: "That is not the password you registered with",
  checkEmail: "Check your email to finish creating your account",
} as const;

export const ConfirmRegistrationSchema = z.object({
  token: z
    .string({ error: REGISTRATION_CONFIRMATION_MESSAGES.linkInvalid })
    .trim()
    .min(1, REGISTRATION_CONFIRMATION_MESSAGES.linkInvalid)
    .max(200, REGISTRATION_CONFIRMATION_MESSAGES.linkInvalid),
  password: z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired).max(1000),
});
export type ConfirmRegistrationInput = z.input<typeof ConfirmRegistrationSchema>;

/** How long a confirmation link works. */
export const REGISTRATION_CONFIRMATION_HOURS = 24;
