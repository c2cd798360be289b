import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { E2E_BASE_URL } from "./support/env.ts";
import { createTask } from "./support/tasks-and-workflows.ts";

// Fleets (decision 080) with two real runner programs labelled `web`, one of which fails the
// step: the workflow is set to run on every matching runner in its form, run from Run now, both
// targets' outputs are read in the run's matrix, and the failed target is retried as a new run.

const FLEET = ["e2e-fleet-fine", "e2e-fleet-failing"];

/** Gives the runners named `names` the label `web` (PATCH, as an admin on the Runners page does). */
async function labelWeb(request: APIRequestContext, organizationId: string, names: readonly string[]) {
  const list = await (await request.get(`/api/orgs/${organizationId}/runners`)).json();
  for (const name of names) {
    const runner = (list.items as { id: string; name: string }[]).find((item) => item.name === name);
    expect(runner, `runner ${name}`).toBeTruthy();
    const changed = await request.patch(`/api/orgs/${organizationId}/runners/${runner!.id}`, {
      headers: { origin: E2E_BASE_URL },
      data: { labels: ["web"] },
    });
    expect(changed.status()).toBe(200);
  }
}

test("a workflow on every web runner fans out, shows each target's output, and retries the failed one", async ({
  owner,
  runnerProgram,
  request,
  ownerPage: page,
}) => {
  test.setTimeout(60_000);
  await runnerProgram(owner.organizationId, FLEET[0]!);
  await runnerProgram(owner.organizationId, FLEET[1]!, { FAIL: "1" });
  await labelWeb(request, owner.organizationId, FLEET);
  await createTask(request, owner.organizationId, {
    name: "Check web",
    commands: { linux: 'if [ -n "$FAIL" ]; then echo "failing here"; exit 3; fi; echo "fine here"' },
  });

  await page.goto("/workflows");
  await page.getByRole("button", { name: "Create Workflow" }).click();
  const form = page.getByRole("region", { name: "Create Workflow" });
  await form.getByLabel("Name", { exact: true }).fill("Fleet check");
  await form.getByRole("group", { name: "Available commands" }).getByRole("checkbox", { name: "Check web" }).check();
  await form.getByLabel("Runner labels").fill("web");
  await form
    .getByRole("group", { name: "Where it runs" })
    .getByRole("radio", { name: /Every matching runner/ })
    .check();
  await form.getByRole("checkbox", { name: "Keep going after a failure" }).check();
  await form.getByRole("button", { name: "Create Workflow" }).click();
  await expect(form).toBeHidden();

  const card = page.getByRole("article", { name: "Fleet check" });
  await card.getByRole("button", { name: /^Run now/ }).click();
  const dialog = page.getByRole("dialog", { name: "Run Fleet check" });
  await expect(dialog.getByRole("radio", { name: /On its runners/ })).toBeChecked();
  await expect(dialog.getByRole("combobox", { name: "Run on" })).toHaveValue("");
  await expect(dialog.getByRole("combobox", { name: "Run on" }).locator("option:checked")).toHaveText(
    "Every matching runner (2)",
  );
  await dialog.getByRole("button", { name: "Run", exact: true }).click();
  await card.getByRole("link", { name: /view the last run of Fleet check/ }).click();

  const heading = page.getByRole("heading", { level: 1, name: "Fleet check" });
  await expect(heading.locator("..").getByText("Failed")).toBeVisible({ timeout: 20_000 });
  const matrix = page.getByRole("table");
  await expect(matrix.getByRole("row")).toHaveCount(3);
  await expect(matrix.getByRole("row", { name: /e2e-fleet-fine/ })).toContainText("Succeeded");
  await expect(matrix.getByRole("row", { name: /e2e-fleet-failing/ })).toContainText(/Failed\s*3/);
  // The failing target is shown first, then the other one when its row is chosen.
  await expect(page.getByRole("button", { name: "e2e-fleet-failing" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("log", { name: "Output of Check web" })).toContainText("failing here");
  await page.getByRole("button", { name: "e2e-fleet-fine" }).click();
  await expect(page.getByRole("heading", { name: "Output on e2e-fleet-fine" })).toBeVisible();
  await expect(page.getByRole("log", { name: "Output of Check web" })).toContainText("fine here");
  const fanOutUrl = page.url();

  await page.getByRole("button", { name: "Retry failed targets" }).click();
  await expect(page).not.toHaveURL(fanOutUrl);
  await expect(page.getByText(/On 1 runner ·/)).toBeVisible();
  await expect(page.getByRole("table").getByRole("row")).toHaveCount(2);
  await expect(page.getByRole("table").getByRole("row", { name: /e2e-fleet-failing/ })).toBeVisible();
  await expect(page.getByRole("log", { name: "Output of Check web" })).toContainText("failing here", {
    timeout: 20_000,
  });

  // A target's own view says which run it belongs to.
  const retriedId = page.url().split("/").at(-1)!;
  const retried = await (await request.get(`/api/orgs/${owner.organizationId}/runs/${retriedId}`)).json();
  await page.goto(`/workflows/runs/${retried.targets[0].id}`);
  await expect(page.getByText("This is one runner's target of a run on every matching runner.")).toBeVisible();
  await page.getByRole("link", { name: "Open the whole run" }).click();
  await expect(page).toHaveURL(new RegExp(`/workflows/runs/${retriedId}$`));
});
