import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { shareSession } from "./accounts.ts";
import { E2E_BASE_URL } from "./env.ts";

/** A page in a new browser context that holds the session of `request` (a second user's browser). */
export async function openSignedInPage(browser: Browser, request: APIRequestContext): Promise<Page> {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  await shareSession(request, context);
  return context.newPage();
}
