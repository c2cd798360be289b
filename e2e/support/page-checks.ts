import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { PHONE } from "./every-dialog.ts";

// The checks every page and dialog must pass (issue 15), made on one visit: axe (WCAG 2 A and
// AA) in light and in dark, and on a 390 px phone no width past the screen and every dialog
// button within reach. The app follows the system's colour scheme live and lays out with CSS
// alone, so switching the scheme or the window's width shows the same page as a new visit would,
// without loading it again: loading took most of the sweeps' time when each check had its own.

export type Finding = { where: string; rule: string; impact: string; targets: string[] };

type Theme = "light" | "dark";

export const DESKTOP = { width: 1280, height: 720 };

/**
 * Switches the system's colour scheme and waits until the page has followed it, its colour
 * transitions included (axe would otherwise measure a colour half-way).
 */
async function showTheme(page: Page, theme: Theme) {
  await page.emulateMedia({ colorScheme: theme });
  const root = page.locator("html");
  if (theme === "dark") await expect(root).toHaveClass(/\bdark\b/);
  else await expect(root).not.toHaveClass(/\bdark\b/);
  // Transitions only: a spinner's animation never finishes.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished),
    ),
  );
}

/**
 * axe's serious and critical findings (inside `scope`, when given). Only colours differ between
 * the themes, so in dark only the colour-contrast rule runs again.
 */
async function seriousFindings(page: Page, where: string, theme: Theme, scope?: string): Promise<Finding[]> {
  let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]);
  if (theme === "dark") builder = builder.withRules(["color-contrast"]);
  if (scope) builder = builder.include(scope);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      where: `${where}, ${theme}`,
      rule: violation.id,
      impact: violation.impact ?? "",
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(" ")),
    }));
}

/** axe in light, then in dark; the page is left in light. */
async function findingsInBothThemes(page: Page, where: string, scope?: string): Promise<Finding[]> {
  const light = await seriousFindings(page, where, "light", scope);
  await showTheme(page, "dark");
  const dark = await seriousFindings(page, where, "dark", scope);
  await showTheme(page, "light");
  return [...light, ...dark];
}

/** Runs `check` with the window at a phone's width, then gives the window its width back. */
async function onPhone(page: Page, check: () => Promise<void>) {
  const before = page.viewportSize() ?? DESKTOP;
  await page.setViewportSize(PHONE);
  await check();
  await page.setViewportSize(before);
}

/** The document's width, and the outermost elements reaching past the screen's right edge. */
async function documentWidth(page: Page): Promise<{ scrollWidth: number; innerWidth: number; culprits: string[] }> {
  return page.evaluate(() => {
    const wide = Array.from(document.body.querySelectorAll("*")).filter(
      (element) => element.getBoundingClientRect().right > window.innerWidth + 0.5,
    );
    // The outermost ones: each sticks out while its parent does not, so it is the one to fix.
    const outermost = wide.filter((element) => !wide.includes(element.parentElement!));
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      culprits: outermost
        .slice(0, 5)
        .map((element) => `<${element.tagName.toLowerCase()} class="${element.getAttribute("class")}">`),
    };
  });
}

async function expectNoOverflow(page: Page, where: string) {
  const { scrollWidth, innerWidth, culprits } = await documentWidth(page);
  expect
    .soft(scrollWidth, `${where} is ${scrollWidth} px wide on a ${innerWidth} px screen: ${culprits.join(", ")}`)
    .toBeLessThanOrEqual(innerWidth);
}

/**
 * The parts of the open dialog that scroll sideways without being meant to: a dialog's body
 * scrolls up and down, and a long word that does not wrap would make it scroll sideways too,
 * hiding its end. Places made to scroll sideways (`overflow-x-auto`: command lines) are left out.
 */
async function sidewaysScrolling(page: Page): Promise<string[]> {
  return page.getByRole("dialog").evaluate((dialog) =>
    Array.from(dialog.querySelectorAll<HTMLElement>("*"))
      .filter((element) => {
        const style = getComputedStyle(element);
        return (
          style.overflowX !== "visible" &&
          style.overflowX !== "hidden" &&
          !element.classList.contains("overflow-x-auto") &&
          !["INPUT", "TEXTAREA", "SELECT"].includes(element.tagName) &&
          element.scrollWidth > element.clientWidth + 1
        );
      })
      .map((element) => `<${element.tagName.toLowerCase()} class="${element.className}"> ${element.scrollWidth} px`),
  );
}

/** Every button of the open dialog lies inside the phone's screen, and nothing in it scrolls sideways. */
async function expectDialogButtonsOnScreen(page: Page, where: string) {
  const dialog = page.getByRole("dialog");
  await expectNoOverflow(page, where);
  expect.soft(await sidewaysScrolling(page), `${where} scrolls sideways`).toEqual([]);
  for (const button of await dialog.getByRole("button").all()) {
    await button.scrollIntoViewIfNeeded();
    const box = await button.boundingBox();
    expect(box, `a button of ${where}`).not.toBeNull();
    expect.soft(box!.x, `${where}: ${await button.textContent()}`).toBeGreaterThanOrEqual(0);
    expect.soft(box!.x + box!.width, `${where}: ${await button.textContent()}`).toBeLessThanOrEqual(PHONE.width);
  }
}

/**
 * The page as it stands: axe in both themes (its findings returned), and no wider than a phone
 * (a soft failure naming the elements that stick out).
 */
export async function checkPage(page: Page, where: string): Promise<Finding[]> {
  const findings = await findingsInBothThemes(page, where);
  await onPhone(page, () => expectNoOverflow(page, where));
  return findings;
}

/** The open dialog: axe inside it in both themes, its buttons on a phone's screen; then closed with Escape. */
export async function checkDialog(page: Page, where: string): Promise<Finding[]> {
  const dialog = page.getByRole("dialog");
  await expect(dialog, `the dialog "${where}"`).toBeVisible();
  const findings = await findingsInBothThemes(page, where, '[role="dialog"]');
  await onPhone(page, () => expectDialogButtonsOnScreen(page, where));
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  return findings;
}
