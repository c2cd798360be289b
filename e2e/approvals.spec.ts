import { E2E_BASE_URL } from "./support/env.ts";
import { expect, test } from "./support/fixtures.ts";
import { registerInvitedMember } from "./support/invitations.ts";
import { openSignedInPage } from "./support/signed-in-page.ts";
import { createTask, createWorkflow } from "./support/tasks-and-workflows.ts";

// Four eyes (decision 067): an editor asks to run a workflow that needs two approvals from admins;
// the editor sees no Approve button (and the API refuses them), the first admin's approval leaves
// it waiting, the second admin's queues it, and the real runner program executes it.

test("an editor asks, two admins approve, and the runner executes the run", async ({
  owner,
  runnerProgram,
  request,
  newRequest,
  browser,
}) => {
  test.setTimeout(90_000);
  const orgId = owner.organizationId;
  const task = await createTask(request, orgId, {
    name: "Ship the release",
    category: "deployment",
    commands: { linux: 'echo "released after two approvals"' },
  });
  const workflow = await createWorkflow(request, orgId, [task.id], { name: "Release" });
  const gated = await request.patch(`/api/orgs/${orgId}/workflows/${workflow.id}`, {
    headers: { origin: E2E_BASE_URL },
    data: { approval: { minRole: "admin", approvals: 2 } },
  });
  expect(gated.status()).toBe(200);
  await runnerProgram(orgId, "e2e-approvals-runner");

  const owners = { request, organizationId: orgId };
  const editor = await registerInvitedMember(owners, "editor", newRequest);
  const admin1 = await registerInvitedMember(owners, "admin", newRequest);
  const admin2 = await registerInvitedMember(owners, "admin", newRequest);

  // The editor asks, with a note for the approvers.
  const editorPage = await openSignedInPage(browser, editor.request);
  await editorPage.goto("/workflows");
  const card = editorPage.getByRole("article", { name: "Release" });
  await card.getByRole("button", { name: /^Run now/ }).click();
  const dialog = editorPage.getByRole("dialog", { name: "Run Release" });
  await dialog.getByRole("textbox", { name: "Note to approvers" }).fill("Release 2.4, checked on staging");
  await dialog.getByRole("button", { name: "Ask for approval" }).click();
  await expect(dialog).toBeHidden();
  await card.getByRole("link", { name: /view the last run of Release/ }).click();
  await expect(editorPage.getByText("Awaiting approval", { exact: true })).toBeVisible();
  const approval = editorPage.getByRole("region", { name: "Approval" });
  await expect(approval).toContainText("Release 2.4, checked on staging");
  await expect(approval.getByRole("button", { name: "Approve" })).toHaveCount(0);
  const runUrl = editorPage.url();
  const runId = runUrl.split("/").pop()!;
  const refused = await editor.request.post(`/api/orgs/${orgId}/runs/${runId}/approve`, {
    headers: { origin: E2E_BASE_URL },
    data: { comment: "me" },
  });
  expect(refused.status()).toBe(403);

  // The first admin finds it on Approvals, with its count in the sidebar, and approves.
  const admin1Page = await openSignedInPage(browser, admin1.request);
  await admin1Page.goto("/approvals");
  await expect(admin1Page.getByRole("navigation", { name: "Main" }).getByLabel("1 waiting")).toBeVisible();
  await admin1Page
    .getByRole("list", { name: "Runs waiting for your approval" })
    .getByRole("link", { name: "Release" })
    .click();
  const panel1 = admin1Page.getByRole("region", { name: "Approval" });
  // What it will run, for the platform, is on the run view before anyone approves.
  await expect(admin1Page.getByText('$ echo "released after two approvals"')).toBeVisible();
  await panel1.getByRole("textbox", { name: "Comment" }).fill("Diff reviewed");
  await panel1.getByRole("button", { name: "Approve" }).click();
  await expect(panel1).toContainText("1 of 2");
  await expect(admin1Page.getByText("Awaiting approval", { exact: true })).toBeVisible();
  await expect(panel1.getByRole("button", { name: "Approve" })).toHaveCount(0);

  // The second admin approves: the run is queued, and the runner executes it.
  const admin2Page = await openSignedInPage(browser, admin2.request);
  await admin2Page.goto(new URL(runUrl).pathname);
  await expect(admin2Page.getByText('$ echo "released after two approvals"')).toBeVisible();
  await admin2Page.getByRole("region", { name: "Approval" }).getByRole("button", { name: "Approve" }).click();
  await expect(admin2Page.getByText("Succeeded", { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  await expect(admin2Page.getByRole("log", { name: "Output of Ship the release" })).toContainText(
    "released after two approvals",
  );
  await expect(editorPage.getByText("Succeeded", { exact: true }).first()).toBeVisible({ timeout: 15_000 });
  for (const page of [editorPage, admin1Page, admin2Page]) await page.context().close();
});
