import { expect, test } from "./support/fixtures.ts";

// Issue 15: the app works from the keyboard alone. A skip link leads past the navigation, a
// dialog closed with Escape gives focus back to the button that opened it, the credit form
// submits on Enter, and every page has its own title.

test("keyboard alone: skip link, Escape gives focus back, Enter consumes credits, page titles", async ({
  owner,
  ownerPage: page,
}) => {
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: /Welcome back/ })).toBeVisible();
  await expect(page).toHaveTitle(`Dashboard · ${owner.organizationName} · Flowdeck`);

  // The first Tab reaches the skip link, which moves focus to the page itself.
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();

  // Enter in the amount field consumes, as the Consume button would.
  await page.getByLabel("Amount").fill("7");
  await page.getByLabel("Amount").press("Enter");
  await expect(page.getByRole("group", { name: "Credit balance", exact: true })).toContainText("93");

  // Escape closes a dialog and focus returns to the button that opened it.
  const history = page.getByRole("button", { name: "View full history" });
  await history.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Credit history" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(history).toBeFocused();

  await page.getByRole("link", { name: "Tasks" }).click();
  await expect(page).toHaveTitle(`Tasks · ${owner.organizationName} · Flowdeck`);
  const add = page.getByRole("button", { name: "Add Command" });
  await add.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Add Command" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(add).toBeFocused();

  await page.goto("/no-such-page");
  await expect(page).toHaveTitle("Page not found · Flowdeck");
  await expect(page.getByRole("main")).toContainText("Page not found");
});
