import { z } from "zod";
import { MESSAGES } from "../errors/messages.ts";

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

// A simple address shape (spec 5): something@something.something, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailField(requiredMessage: string = MESSAGES.emailRequired) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(254, MESSAGES.emailInvalid)
    .regex(EMAIL_PATTERN, MESSAGES.emailInvalid)
    .transform((email) => email.toLowerCase());
}

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

export function passwordField(tooShortMessage: string) {
  return z
    .string({ error: MESSAGES.passwordRequired })
    .min(1, MESSAGES.passwordRequired)
    .min(PASSWORD_MIN_LENGTH, tooShortMessage)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);
}
