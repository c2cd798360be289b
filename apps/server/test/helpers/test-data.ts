import { randomBytes } from "node:crypto";

/**
 * The data API tests and end-to-end tests make their accounts from (e2e/support/accounts.ts uses
 * it too): plain values, no server and no browser, so both kinds of test build the same requests.
 */

export const TEST_PASSWORD = "correct-horse-42";

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomBytes(5).toString("hex")}@example.com`;
}

export function uniqueDomain(): string {
  return `org-${randomBytes(5).toString("hex")}.example.com`;
}

/** The body of POST /api/account/register for a new organization. */
export function registrationBody(options: {
  email: string;
  password: string;
  organizationName: string;
  domain: string;
}) {
  const { email, password, organizationName, domain } = options;
  return { mode: "create" as const, email, password, confirmPassword: password, organizationName, domain };
}
