import { startTestProvider, type TestProvider } from "../apps/server/test/sso/oidc-provider.ts";
import { E2E_PORT } from "./support/env.ts";
import { expect, test } from "./support/fixtures.ts";
import { startSecondServer, type SecondServer } from "./support/second-server.ts";
import { ownerOnSingleSignOnPage } from "./support/sso-owner.ts";

// Single sign-on through a real OpenID provider (oidc-provider on 127.0.0.1), decisions 075 and
// 076. On a server of its own: once one organization has it, every login page asks for the
// address first, which the rest of the suite does not expect.

const PORT = E2E_PORT + 150;
let server: SecondServer | undefined;
let provider: TestProvider | undefined;

test.beforeAll(async () => {
  // Starting a server (migrations included) can take longer than a test on a busy machine.
  test.setTimeout(150_000);
  server = await startSecondServer({
    port: PORT,
    name: "sso",
    // The provider is on 127.0.0.1, which the outbound client refuses unless allowed.
    env: { REGISTRATION_CONFIRMS_EMAIL: "off", OUTBOUND_ALLOW: "127.0.0.1/32" },
  });
  provider = await startTestProvider({ redirectUri: `${server.baseUrl}/api/auth/sso/callback` });
});

test.afterAll(async () => {
  await provider?.close();
  await server?.stop();
});

test("an owner connects the provider, and a colleague signs in through it with the default role", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const base = server!.baseUrl;
  const idp = provider!;
  // The owner's address is on the organization's registered domain: that domain is verified at once.
  const { domain, page, close } = await ownerOnSingleSignOnPage(browser, base);
  await expect(page.getByText("Single sign-on is not set up yet")).toBeVisible();
  await expect(page.getByText(`${base}/api/auth/sso/callback`)).toBeVisible();

  await page.getByLabel("Provider", { exact: true }).selectOption({ label: "Keycloak" });
  await page.getByRole("textbox", { name: "Issuer URL" }).fill(idp.issuer);
  await page.getByRole("textbox", { name: "Client ID" }).fill(idp.clientId);
  await page.getByLabel("Client secret").fill(idp.clientSecret);
  await page.getByRole("textbox", { name: "Domains" }).fill(domain);
  await page.getByLabel("Default role", { exact: true }).selectOption({ label: "Editor" });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Single sign-on saved.")).toBeVisible();
  await expect(page.getByText("Verified", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Client secret")).toHaveValue("");
  await expect(page.getByText(idp.clientSecret)).toHaveCount(0);

  await page.getByRole("button", { name: "Test connection" }).click();
  await expect(page.getByText(`Found the OpenID provider ${idp.issuer}`)).toBeVisible();
  await close();

  // A colleague the provider knows, new to Flowdeck, signs in from a browser of their own.
  idp.users.set("ada", { email: `ada@${domain}`, name: "Ada Lovelace" });
  const colleague = await browser.newPage();
  await colleague.goto(`${base}/login`);
  // The page drawn at build time asks for a password; the app's own page, which knows single
  // sign-on is set up here, asks for the address first: typing waits for it.
  await expect(colleague.getByRole("button", { name: "Continue" })).toBeVisible({ timeout: 15_000 });
  await colleague.getByLabel("Email").fill(`ada@${domain}`);
  await colleague.getByRole("button", { name: "Continue" }).click();
  // The provider's own development login form, which has placeholders and no labels.
  await colleague.getByPlaceholder("Enter any login").fill("ada");
  await colleague.getByPlaceholder("and password").fill("any password");
  await colleague.getByRole("button", { name: "Sign-in" }).click();
  await colleague.getByRole("button", { name: "Continue" }).click();

  await expect(colleague).toHaveURL(`${base}/dashboard`, { timeout: 15_000 });
  await expect(colleague.getByText("Your role:")).toContainText(/editor/i);
  await colleague.close();
});
