import { E2E_PASSWORD, uniqueDomain, uniqueEmail } from "./support/accounts.ts";
import { E2E_PORT } from "./support/env.ts";
import { expect, test } from "./support/fixtures.ts";
import { extractLink, waitForMail } from "./support/outbox.ts";
import { startSecondServer, type SecondServer } from "./support/second-server.ts";

// A second server with the default REGISTRATION_CONFIRMS_EMAIL (auto, decision 045) and no SMTP, on
// its own embedded database: its first registration signs in at once, every later one is finished
// from a link in the outbox. The end-to-end server registers in one step (=off), which every other
// test uses.

const PORT = E2E_PORT + 100;
const BASE_URL = `http://127.0.0.1:${PORT}`;
let server: SecondServer | undefined;

test.beforeAll(async () => {
  // Starting a server (migrations included) can take longer than a test on a busy machine.
  test.setTimeout(150_000);
  server = await startSecondServer({
    port: PORT,
    name: "confirm",
    env: { REGISTRATION_CONFIRMS_EMAIL: "" }, // the default, whatever the developer's shell has
  });
});

test.afterAll(async () => {
  await server?.stop();
});

test("the first registration signs in at once; later ones are finished from the mailed link, and an existing address reads the same", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const email = uniqueEmail("confirm");
  const fillIn = async (address: string) => {
    await page.goto(`${BASE_URL}/register`);
    await page.getByRole("radio", { name: /Create a new organization/ }).check();
    await page.getByLabel("Email").fill(address);
    await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
    await page.getByLabel("Confirm password").fill(E2E_PASSWORD);
    await page.getByLabel("Organization name").fill("Night Shift");
    await page.getByLabel("Organization domain").fill(uniqueDomain());
    await page.getByRole("button", { name: "Create account" }).click();
  };
  const register = async (address: string) => {
    await fillIn(address);
    await expect(page.getByText("Check your email to finish creating your account")).toBeVisible();
    await expect(page.getByText(address)).toBeVisible();
  };

  // A fresh install: the first owner lands on the dashboard, no mail needed.
  const firstOwner = uniqueEmail("first");
  await fillIn(firstOwner);
  // A registration hashes the password and signs in: slower than most steps on a busy machine.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
  await page.context().clearCookies();

  const since = new Date();
  await register(email);
  const mail = await waitForMail({ dataDir: server!.dataDir, to: email, subjectIncludes: "Finish creating", since });
  const link = extractLink(mail, "/register/confirm");

  await page.goto(link);
  await page.getByLabel("Password").fill("not-the-one-9");
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page.getByText("That is not the password you registered with")).toBeVisible();
  await page.getByLabel("Password").fill(E2E_PASSWORD);
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(/Welcome back/)).toBeVisible();

  // Signed out, the same address again: the same answer, and a different mail.
  await page.context().clearCookies();
  const again = new Date();
  await register(email);
  const notice = await waitForMail({
    dataDir: server!.dataDir,
    to: email,
    subjectIncludes: "already have",
    since: again,
  });
  expect(notice.text).toContain(`${BASE_URL}/forgot-password`);
  await register(firstOwner);
  await waitForMail({ dataDir: server!.dataDir, to: firstOwner, subjectIncludes: "already have", since: again });
});
