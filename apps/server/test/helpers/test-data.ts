import { randomBytes } from "node:crypto";

/**
 * The data API tests and end-to-end tests build their requests from: plain values, no server and
 * no browser, so both kinds of test make the same accounts, commands and workflows. (e2e imports
 * this file through its tsconfig; keep it free of server code.)
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

/** The body of POST /api/account/register for an invited address (the register page's join mode). */
export function joinRegistrationBody(options: { email: string; invitationCode: string; password?: string }) {
  const { email, invitationCode, password = TEST_PASSWORD } = options;
  return { mode: "join" as const, email, password, confirmPassword: password, invitationCode };
}

export function tasksUrl(orgId: string, rest = "") {
  return `/api/orgs/${orgId}/tasks${rest}`;
}

/** A valid command (task) body; `overrides` replace its fields. */
export function taskBody(overrides: Record<string, unknown> = {}) {
  return {
    name: "Restart web server",
    description: "Restarts nginx after a deploy",
    category: "deployment",
    commands: { linux: "sudo systemctl restart nginx", mac: "brew services restart nginx" },
    tags: ["web", "nginx"],
    ...overrides,
  };
}

export function workflowsUrl(orgId: string, rest = "") {
  return `/api/orgs/${orgId}/workflows${rest}`;
}

/** A valid workflow body over the given command ids; `overrides` replace its fields. */
export function workflowBody(taskIds: string[], overrides: Record<string, unknown> = {}) {
  return { name: "Deploy the web app", description: "Build, ship and check", taskIds, ...overrides };
}
