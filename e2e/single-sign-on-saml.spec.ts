import { startTestSamlIdp, type TestSamlIdp } from "../apps/server/test/sso/saml-idp.ts";
import { E2E_PORT } from "./support/env.ts";
import { expect, test } from "./support/fixtures.ts";
import { startSecondServer, type SecondServer } from "./support/second-server.ts";
import { ownerOnSingleSignOnPage } from "./support/sso-owner.ts";

// Single sign-on through a SAML 2.0 identity provider (decision 078): a test provider on
// 127.0.0.1 that signs real responses. On a server of its own, as the OIDC journey is: once one
// organization has single sign-on, every login page asks for the address first.

const PORT = E2E_PORT + 160;
let server: SecondServer | undefined;
let idp: TestSamlIdp | undefined;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await startSecondServer({
    port: PORT,
    name: "sso-saml",
    // The provider's metadata is on 127.0.0.1, which the outbound client refuses unless allowed.
    env: { REGISTRATION_CONFIRMS_EMAIL: "off", OUTBOUND_ALLOW: "127.0.0.1/32" },
  });
  idp = await startTestSamlIdp();
});

test.afterAll(async () => {
  await idp?.close();
  await server?.stop();
});

test("an owner connects a SAML provider by its metadata URL, and a colleague signs in through it", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const base = server!.baseUrl;
  const provider = idp!;
  const { domain, page, close } = await ownerOnSingleSignOnPage(browser, base);
  await page.getByLabel("Protocol", { exact: true }).selectOption({ label: "SAML 2.0" });
  await expect(page.getByText(`${base}/api/auth/sso/saml/acs`)).toBeVisible();
  await page.getByRole("textbox", { name: "Metadata URL" }).fill(provider.metadataUrl);
  await page.getByRole("textbox", { name: "Name attribute" }).fill("displayName");
  await page.getByRole("textbox", { name: "Domains" }).fill(domain);
  await page.getByLabel("Default role", { exact: true }).selectOption({ label: "Editor" });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Single sign-on saved.")).toBeVisible();
  await expect(page.getByText(provider.fingerprint)).toBeVisible();

  await page.getByRole("button", { name: "Test connection" }).click();
  await expect(page.getByText(`Found the SAML identity provider ${provider.entityId}`)).toBeVisible();
  await close();

  // A colleague the provider knows, new to Flowdeck, signs in from a browser of their own.
  provider.users.set("ada", { email: `ada@${domain}`, name: "Ada Lovelace" });
  const colleague = await browser.newPage();
  await colleague.goto(`${base}/login`);
  await colleague.getByLabel("Email").fill(`ada@${domain}`);
  await colleague.getByRole("button", { name: "Continue" }).click();
  // The test provider's login page, then its page that posts the signed answer to Flowdeck.
  await colleague.getByLabel("Login").fill("ada");
  await colleague.getByRole("button", { name: "Sign in" }).click();
  await colleague.getByRole("button", { name: "Continue" }).click();

  await expect(colleague).toHaveURL(`${base}/dashboard`, { timeout: 15_000 });
  await expect(colleague.getByText("Your role:")).toContainText(/editor/i);
  await colleague.close();
});
