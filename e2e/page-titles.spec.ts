import { PAGES } from "@flowdeck/shared/permissions/pages";
import { shareSession } from "./support/accounts.ts";
import { startRun } from "./support/every-dialog.ts";
import { gotoSettled } from "./support/every-page.ts";
import { expect, test } from "./support/fixtures.ts";
import { seedRealisticData } from "./support/realistic-data.ts";

// Issue 15: each page is titled '<Page> · <Organization> · Flowdeck', so a tab and a screen
// reader name it; pages outside an organization are '<Page> · Flowdeck'.

/** Every signed-in route and its page name, written out: a renamed page must change this table. */
const APP_TITLES: { path: string; page: string }[] = [
  { path: "/dashboard", page: "Dashboard" },
  { path: "/workflows", page: "Workflows" },
  { path: "/approvals", page: "Approvals" },
  { path: "/tasks", page: "Tasks" },
  { path: "/documents", page: "Documents" },
  { path: "/reports", page: "Reports" },
  { path: "/profile", page: "Profile" },
  { path: "/admin/members", page: "Members" },
  { path: "/admin/invitations", page: "Invitations" },
  { path: "/admin/settings", page: "Settings" },
  { path: "/admin/import-export", page: "Import and export" },
  { path: "/admin/api-tokens", page: "API tokens" },
  { path: "/admin/notifications", page: "Notifications" },
  { path: "/admin/runners", page: "Runners" },
  { path: "/admin/secrets", page: "Secrets" },
  { path: "/admin/freeze-windows", page: "Freeze windows" },
  { path: "/admin/audit", page: "Audit" },
  { path: "/admin/single-sign-on", page: "Single sign-on" },
  { path: "/admin/billing", page: "Billing" },
  // /admin leads to the members.
  { path: "/admin", page: "Members" },
];

/** The pages a signed-out visitor sees (the invitation page is added with a real code). */
const PUBLIC_TITLES: { path: string; title: string }[] = [
  { path: "/", title: "Flowdeck" },
  { path: "/login", title: "Log In · Flowdeck" },
  { path: "/register", title: "Sign Up · Flowdeck" },
  { path: "/forgot-password", title: "Reset your password · Flowdeck" },
  { path: "/reset-password?token=expired", title: "Set a new password · Flowdeck" },
  { path: "/no-such-page", title: "Page not found · Flowdeck" },
];

test("every route is titled with its page and the organization", async ({ owner, request, page }) => {
  test.setTimeout(90_000);
  const invitation = await seedRealisticData(request, owner.organizationId);
  const { runPath, historyPath } = await startRun(request, owner.organizationId);

  // The table leaves no page of the navigation out.
  expect(PAGES.map((item) => item.path).filter((path) => !APP_TITLES.some((row) => row.path === path))).toEqual([]);

  const visitor: { path: string; title: string }[] = [
    ...PUBLIC_TITLES,
    { path: new URL(invitation).pathname, title: "Invitation · Flowdeck" },
  ];
  for (const { path, title } of visitor) {
    await gotoSettled(page, path);
    await expect.soft(page, path).toHaveTitle(title);
  }

  await shareSession(request, page.context());
  const rows = [...APP_TITLES, { path: runPath, page: "Run" }, { path: historyPath, page: "Run history" }];
  for (const { path, page: name } of rows) {
    await gotoSettled(page, path);
    await expect.soft(page, path).toHaveTitle(`${name} · ${owner.organizationName} · Flowdeck`);
  }
  // The page that does not exist is outside the app's shell, for visitors and members alike.
  await gotoSettled(page, "/no-such-page");
  await expect.soft(page).toHaveTitle("Page not found · Flowdeck");
});
