import { readFile } from "node:fs/promises";
import { expect, test } from "./support/fixtures.ts";
import { createTask } from "./support/tasks-and-workflows.ts";

// Issue 11: an owner changes a setting, finds the change in the audit log with a filter, sees a
// new change arrive while the page is open, and exports the filtered rows as CSV.

test("an owner finds a change in the audit log, sees new ones arrive, and exports the filtered rows", async ({
  owner,
  request,
  ownerPage: page,
}) => {
  const errors: Error[] = [];
  page.on("pageerror", (error) => errors.push(error));

  // Change something through the app: how long the audit log is kept.
  await page.goto("/admin/settings");
  const keep = page.getByLabel("Keep audit log for (days)");
  await expect(keep).toHaveValue("365");
  await keep.fill("90");
  await page.getByRole("region", { name: "Audit log" }).getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved: the audit log keeps 90 days.")).toBeVisible();

  // Find it with the action filter.
  await page.goto("/admin/audit");
  await expect(page.getByRole("heading", { name: "Audit Log" })).toBeVisible();
  const entries = page.getByRole("region", { name: "Audit log entries, newest first" });
  await expect(
    entries.getByText(`${owner.email} registered and created the organization`, { exact: false }),
  ).toBeVisible();
  await page.getByLabel("Action").selectOption({ label: "Audit retention changed" });
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(entries.getByRole("row")).toHaveCount(2); // the header and the one change
  await expect(entries.getByText("Set the audit log to keep 90 days")).toBeVisible();
  await expect(entries.getByText(owner.email, { exact: true })).toBeVisible();

  // A change made elsewhere appears without a reload once the filters let it through.
  await page.getByRole("button", { name: "Clear" }).click();
  await createTask(request, owner.organizationId, {
    name: "Rotate the logs",
    category: "general",
    commands: { linux: "logrotate -f /etc/logrotate.conf" },
  });
  await expect(entries.getByText('Created the command "Rotate the logs"')).toBeVisible();

  // Export what the filter shows.
  await page.getByLabel("Action").selectOption({ label: "Audit retention changed" });
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(entries.getByRole("row")).toHaveCount(2);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile(await download.path(), "utf8")).trim().split("\n");
  expect(lines[0]).toMatch(/^time,actor kind,actor,/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain("audit.retention_changed");
  expect(lines[1]).toContain("Set the audit log to keep 90 days");
  expect(errors).toEqual([]);
});
