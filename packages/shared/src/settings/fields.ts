import { z } from "zod";
import { isValidDomain } from "../organizations/fields.ts";
import { SETTINGS_MESSAGES } from "./messages.ts";

export const PHONE_MAX_LENGTH = 30;
export const WEBSITE_MAX_LENGTH = 200;

// Digits with the usual separators and an optional leading +; at least 5 digits.
const PHONE_PATTERN = /^\+?[0-9 ().-]+$/;

export function isValidPhone(value: string): boolean {
  const trimmed = value.trim();
  return PHONE_PATTERN.test(trimmed) && (trimmed.match(/[0-9]/g)?.length ?? 0) >= 5;
}

/** "acme.com" means https://acme.com: people rarely type the scheme. */
export function normalizeWebsite(value: string): string {
  const trimmed = value.trim();
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/** An http(s) address of a named host, without credentials. */
export function isValidWebsite(value: string): boolean {
  let url: URL;
  try {
    url = new URL(normalizeWebsite(value));
  } catch {
    return false;
  }
  return (
    (url.protocol === "https:" || url.protocol === "http:") &&
    !url.username &&
    !url.password &&
    isValidDomain(url.hostname)
  );
}

/**
 * An optional text field of a form: absent leaves the stored value alone; "" or null clears it.
 * Texts are trimmed.
 */
export function optionalText(max: number, tooLong: string) {
  return z
    .string()
    .trim()
    .max(max, tooLong)
    .transform((value) => value || null)
    .nullish();
}

export function phoneField() {
  return z
    .string()
    .trim()
    .max(PHONE_MAX_LENGTH, SETTINGS_MESSAGES.phoneInvalid)
    .refine((value) => value === "" || isValidPhone(value), SETTINGS_MESSAGES.phoneInvalid)
    .transform((value) => value || null)
    .nullish();
}

export function websiteField() {
  return z
    .string()
    .trim()
    .max(WEBSITE_MAX_LENGTH, SETTINGS_MESSAGES.websiteInvalid)
    .refine((value) => value === "" || isValidWebsite(value), SETTINGS_MESSAGES.websiteInvalid)
    .transform((value) => (value ? normalizeWebsite(value) : null))
    .nullish();
}
