import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import { registerOrganizationOwner, shareSession, type OwnerAccount } from "./accounts.ts";

type Fixtures = {
  /** A fresh owner of a fresh organization; the test's `request` is signed in as them. */
  owner: OwnerAccount;
  /** The test's `page`, signed in as `owner` (no trip through the login form). */
  ownerPage: Page;
  /** Another API client with its own cookie jar, for a second user; disposed after the test. */
  newRequest: () => Promise<APIRequestContext>;
};

export const test = base.extend<Fixtures>({
  owner: async ({ request }, use) => {
    await use(await registerOrganizationOwner(request));
  },
  ownerPage: async ({ owner: _owner, request, context, page }, use) => {
    await shareSession(request, context);
    await use(page);
  },
  newRequest: async ({ playwright, baseURL }, use) => {
    const contexts: APIRequestContext[] = [];
    await use(async () => {
      const context = await playwright.request.newContext({ baseURL });
      contexts.push(context);
      return context;
    });
    await Promise.all(contexts.map((context) => context.dispose()));
  },
});

export { expect };
