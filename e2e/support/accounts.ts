import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import {
  registrationBody,
  TEST_PASSWORD,
  uniqueDomain,
  uniqueEmail,
} from "../../apps/server/test/helpers/test-data.ts";
import { E2E_BASE_URL } from "./env.ts";

/**
 * Test data made through the real API, as a person's browser would: state-changing calls carry
 * the app's Origin (the server refuses others). The request context keeps the session cookie
 * that registration and sign-in set, so later calls through it are signed in.
 */

export { uniqueDomain, uniqueEmail };
export const E2E_PASSWORD = TEST_PASSWORD;

export type OwnerAccount = {
  email: string;
  password: string;
  organizationName: string;
  domain: string;
  userId: string;
  organizationId: string;
};

const ORIGIN = { origin: E2E_BASE_URL };

/** Registers a new account with a new organization (POST /api/account/register) and signs it in. */
export async function registerOrganizationOwner(
  request: APIRequestContext,
  options: { email?: string; password?: string; organizationName?: string; domain?: string } = {},
): Promise<OwnerAccount> {
  const email = options.email ?? uniqueEmail("owner");
  const password = options.password ?? E2E_PASSWORD;
  const organizationName = options.organizationName ?? "Acme Operations";
  const domain = options.domain ?? uniqueDomain();
  const response = await request.post("/api/account/register", {
    headers: ORIGIN,
    data: registrationBody({ email, password, organizationName, domain }),
  });
  if (response.status() !== 201) {
    throw new Error(`registration of ${email} failed: ${response.status()} ${await response.text()}`);
  }
  const { userId, organizationId } = (await response.json()) as { userId: string; organizationId: string };
  return { email, password, organizationName, domain, userId, organizationId };
}

/** Signs an existing account in through better-auth (POST /api/auth/sign-in/email). */
export async function signIn(request: APIRequestContext, credentials: { email: string; password: string }) {
  const response = await request.post("/api/auth/sign-in/email", { headers: ORIGIN, data: credentials });
  if (!response.ok()) {
    throw new Error(`sign-in of ${credentials.email} failed: ${response.status()} ${await response.text()}`);
  }
}

/** Fills the sign-in form (at /login) and sends it, as a person would. */
export async function submitSignInForm(page: Page, credentials: { email: string; password: string }) {
  await page.getByLabel("Email").fill(credentials.email);
  await page.getByLabel("Password").fill(credentials.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Gives a browser context the session that a request context holds, so its pages are signed in. */
export async function shareSession(from: APIRequestContext, to: BrowserContext) {
  const { cookies } = await from.storageState();
  await to.addCookies(cookies);
}
