import { z } from "zod";
import { MESSAGES } from "../errors/messages.ts";
import { hasControlCharacter } from "../text/control-characters.ts";

// Labels of letters, digits and inner hyphens, joined by dots, ending in a top level of 2+ letters.
const DOMAIN_PATTERN = /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

export function isValidDomain(value: string): boolean {
  return DOMAIN_PATTERN.test(value.trim());
}

/** Domains are stored lowercase and compared case-insensitively (spec 3, 5). */
export function domainField() {
  return z
    .string({ error: MESSAGES.organizationDomainMissing })
    .trim()
    .min(1, MESSAGES.organizationDomainMissing)
    .refine(isValidDomain, MESSAGES.domainInvalid)
    .transform((domain) => domain.toLowerCase());
}

export const ORGANIZATION_NAME_MAX_LENGTH = 100;
export const ORGANIZATION_NAME_TOO_LONG = `Organization name must be at most ${ORGANIZATION_NAME_MAX_LENGTH} characters`;
export const ORGANIZATION_NAME_CONTROL =
  "Organization name cannot contain line breaks, tabs or other control characters";

/** An organization's name; `missing` is what an empty one is told (registration words it its own way). */
export function organizationNameField(missing: string = MESSAGES.organizationNameRequired) {
  return (
    z
      .string({ error: missing })
      .trim()
      .min(1, missing)
      .max(ORGANIZATION_NAME_MAX_LENGTH, ORGANIZATION_NAME_TOO_LONG)
      // It heads invitation and notification mail: a line break in it would forge lines there.
      .refine((name) => !hasControlCharacter(name), ORGANIZATION_NAME_CONTROL)
  );
}
