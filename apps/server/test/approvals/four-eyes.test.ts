import { API_TOKEN_MESSAGES } from "@flowdeck/shared/api-tokens/messages";
import { APPROVAL_MESSAGES } from "@flowdeck/shared/runs/messages";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationDeliveries, organizations, workflowRuns } from "../../src/db/schema/index.ts";
import { createApiToken } from "../api-tokens/token-factory.ts";
import { auditRows, rowsSince } from "../audit/audit-support.ts";
import { bearerClient } from "../helpers/http-client.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createRule, muteUrl } from "../notifications/support.ts";
import { registerRunner } from "../runners/runner-client.ts";
import {
  approve,
  askForRun,
  createApprovalOrg,
  createGatedWorkflow,
  orgUrl,
  reject,
  runUrl,
  sweeperOf,
} from "./support.ts";

let t: TestApp;
let org: Awaited<ReturnType<typeof createApprovalOrg>>;
beforeAll(async () => {
  t = await createTestApp({ env: { RUNNER_CLAIM_HOLD_SECONDS: "0" } });
  org = await createApprovalOrg(t.app);
});
afterAll(() => t.close());

const orgId = () => org.organizationId;
const editor = () => org.users.editor.client;
const admin1 = () => org.users.admin.client;
const admin2 = () => org.admin2.client;
const owner = () => org.users.owner.client;
const getRun = async (runId: string) => (await editor().get(runUrl(orgId(), runId))).body;

async function setCredits(values: { credits: number; creditsPerRun: number }) {
  await t.app.db.update(organizations).set(values).where(eq(organizations.id, orgId()));
}
async function balance() {
  const [row] = await t.app.db.select().from(organizations).where(eq(organizations.id, orgId()));
  return row!.credits;
}
const ledger = async () => (await owner().get(orgUrl(orgId(), "/credits/transactions"))).body.items as any[];

describe("four eyes: an editor asks, two admins approve", () => {
  it("waits for the second approval, then queues the run for a runner, which claims and runs it", async () => {
    await setCredits({ credits: 10, creditsPerRun: 3 });
    const { client: runner } = await registerRunner(t.app, admin1(), orgId());
    const workflow = await createGatedWorkflow(admin1(), orgId(), { minRole: "admin", approvals: 2 }, { name: "Ship" });
    expect(workflow.approval).toEqual({ minRole: "admin", memberIds: [], approvals: 2, expiresAfterMinutes: 1440 });
    expect(workflow.respectFreezeWindows).toBe(true);
    const baseline = await auditRows(t.app, orgId());

    const asked = await askForRun(editor(), orgId(), workflow.id);
    expect(asked.status).toBe("awaiting-approval");
    // Nothing to claim and nothing charged while it waits.
    expect((await runner.claim()).body.job).toBeNull();
    expect(await balance()).toBe(10);
    const waiting = await getRun(asked.id);
    expect(waiting).toMatchObject({
      status: "awaiting-approval",
      platform: "linux",
      requiredLabels: [],
      steps: [{ command: "echo deploy", status: "pending" }],
      approval: { required: 2, note: "Ship 2.4 to production", decisions: [], requestedByToken: null },
    });

    // The editor who asked may not approve (nor could an editor anyway).
    const own = await approve(editor(), orgId(), asked.id);
    expect(own.status).toBe(403);
    expect(own.body.error.message).toBe(APPROVAL_MESSAGES.ownRequest);

    expect((await approve(admin1(), orgId(), asked.id, "Checked the diff")).status).toBe(200);
    expect(await getRun(asked.id)).toMatchObject({
      status: "awaiting-approval",
      approval: { decisions: [{ userId: org.users.admin.id, decision: "approved", comment: "Checked the diff" }] },
    });
    expect((await runner.claim()).body.job).toBeNull();
    // One person cannot approve twice.
    const twice = await approve(admin1(), orgId(), asked.id);
    expect(twice.status).toBe(403);
    expect(twice.body.error.message).toBe(APPROVAL_MESSAGES.alreadyDecided);

    const second = await approve(admin2(), orgId(), asked.id);
    expect(second.status).toBe(200);
    expect(second.body.status).toBe("queued");
    expect(await balance()).toBe(7);
    expect((await ledger())[0]).toMatchObject({ amount: -3, description: "Run of Ship" });

    const claimed = await runner.claim();
    expect(claimed.status).toBe(200);
    expect(claimed.body.job.runId).toBe(asked.id);
    expect((await runner.complete(asked.id, "succeeded")).status).toBe(200);
    expect((await getRun(asked.id)).status).toBe("succeeded");

    const rows = await rowsSince(t.app, orgId(), baseline);
    const actions = rows.map((row) => row.action).reverse();
    expect(actions).toEqual(["run.approval_requested", "run.approved", "run.approved", "run.finished"]);
    await setCredits({ credits: 0, creditsPerRun: 0 });
  });

  it("a rejected run ends rejected, is never claimable and consumed no credits", async () => {
    await setCredits({ credits: 10, creditsPerRun: 4 });
    const { client: runner } = await registerRunner(t.app, admin1(), orgId());
    const workflow = await createGatedWorkflow(admin1(), orgId(), {}, { name: "Risky" });
    const before = (await ledger()).length;
    const asked = await askForRun(editor(), orgId(), workflow.id);
    const baseline = await auditRows(t.app, orgId());

    const rejected = await reject(admin2(), orgId(), asked.id, "Not during the sale");
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({
      status: "rejected",
      steps: [{ status: "skipped" }],
      approval: { decisions: [{ decision: "rejected", comment: "Not during the sale" }] },
    });
    expect((await runner.claim()).body.job).toBeNull();
    expect(await balance()).toBe(10);
    expect((await ledger()).length).toBe(before);
    const [stored] = await t.app.db.select().from(workflowRuns).where(eq(workflowRuns.id, asked.id));
    expect(stored).toMatchObject({ creditsCharged: 0, runnerId: null, claimedAt: null });
    // Nothing more to decide, and a new run may be asked for.
    expect((await approve(admin1(), orgId(), asked.id)).status).toBe(409);
    const rows = await rowsSince(t.app, orgId(), baseline);
    expect(rows.map((row) => row.action)).toEqual(["run.rejected"]);
    expect(rows[0]!.summary).toBe('Rejected a run of "Risky": Not during the sale');
    expect((await askForRun(editor(), orgId(), workflow.id)).status).toBe("awaiting-approval");
    await setCredits({ credits: 0, creditsPerRun: 0 });
  });

  it("a run that waits counts as the workflow's run under way: a second Run now is refused", async () => {
    const workflow = await createGatedWorkflow(admin1(), orgId(), {}, { name: "Only one" });
    await askForRun(editor(), orgId(), workflow.id);
    const second = await editor().post(orgUrl(orgId(), `/workflows/${workflow.id}/execute`), { platform: "linux" });
    expect(second.status).toBe(409);
    expect(second.body.error.message).toBe(APPROVAL_MESSAGES.awaitingApproval);
  });

  it("the requester may cancel a run that waits: it ends cancelled, with nothing to refund", async () => {
    const workflow = await createGatedWorkflow(admin1(), orgId(), {}, { name: "Withdrawn" });
    const asked = await askForRun(editor(), orgId(), workflow.id);
    const cancelled = await editor().post(runUrl(orgId(), asked.id, "/cancel"));
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe("cancelled");
  });
});

describe("who may approve", () => {
  it("a token's run is asked for by the token and attributed to its creator, who cannot approve it", async () => {
    const workflow = await createGatedWorkflow(admin1(), orgId(), {}, { name: "Scripted" });
    const { token, id: tokenId } = await createApiToken(admin1(), orgId(), { role: "editor", name: "CI deploy" });
    const asked = await askForRun(bearerClient(t.app, token), orgId(), workflow.id);
    const run = await getRun(asked.id);
    expect(run).toMatchObject({
      startedBy: org.users.admin.id,
      approval: { requestedByToken: { id: tokenId, name: "CI deploy" } },
    });
    expect(JSON.stringify(run)).not.toContain(token);

    const creator = await approve(admin1(), orgId(), asked.id);
    expect(creator.status).toBe(403);
    expect(creator.body.error.message).toBe(APPROVAL_MESSAGES.ownRequest);
    // Approvals are given by people: a token is refused, whatever its role.
    const ownerToken = await createApiToken(owner(), orgId(), { role: "admin" });
    const byToken = await approve(bearerClient(t.app, ownerToken.token), orgId(), asked.id);
    expect(byToken.status).toBe(403);
    expect(byToken.body.error.message).toBe(API_TOKEN_MESSAGES.peopleOnly);

    expect((await approve(admin2(), orgId(), asked.id)).body.status).toBe("queued");
  });

  it("an admin asking is refused as approver of their own run (a cookie), and a named viewer may approve", async () => {
    const workflow = await createGatedWorkflow(
      owner(),
      orgId(),
      { minRole: "owner", memberIds: [org.users.viewer.id] },
      { name: "Named" },
    );
    const asked = await askForRun(admin1(), orgId(), workflow.id);
    expect((await approve(admin1(), orgId(), asked.id)).body.error.message).toBe(APPROVAL_MESSAGES.ownRequest);
    // An admin below the minimum role, and not named.
    const below = await approve(admin2(), orgId(), asked.id);
    expect(below.status).toBe(403);
    expect(below.body.error.message).toBe(APPROVAL_MESSAGES.notAnApprover);

    const list = await org.users.viewer.client.get(orgUrl(orgId(), "/approvals"));
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([
      expect.objectContaining({
        runId: asked.id,
        workflowName: "Named",
        requestedBy: org.users.admin.id,
        note: "Ship 2.4 to production",
        required: 1,
        approved: 0,
      }),
    ]);
    // The requester's list does not show their own request.
    const mine = (await admin1().get(orgUrl(orgId(), "/approvals"))).body.items as { runId: string }[];
    expect(mine.map((item) => item.runId)).not.toContain(asked.id);

    expect((await approve(org.users.viewer.client, orgId(), asked.id)).body.status).toBe("queued");
    const after = (await org.users.viewer.client.get(orgUrl(orgId(), "/approvals"))).body.items as { runId: string }[];
    expect(after.map((item) => item.runId)).not.toContain(asked.id);
  });

  it("two approvers at once: both are counted, and the run is queued once", async () => {
    const workflow = await createGatedWorkflow(admin1(), orgId(), { approvals: 2 }, { name: "Together" });
    const asked = await askForRun(editor(), orgId(), workflow.id);
    const answers = await Promise.all([approve(admin1(), orgId(), asked.id), approve(admin2(), orgId(), asked.id)]);
    expect(answers.map((answer) => [answer.status, answer.body.error])).toEqual([
      [200, undefined],
      [200, undefined],
    ]);
    const run = await getRun(asked.id);
    expect(run.status).toBe("queued");
    expect(run.approval.decisions).toHaveLength(2);
  });
});

describe("expiry", () => {
  it("a request nobody approves in time ends expired when the sweeper passes after its expiry", async () => {
    const workflow = await createGatedWorkflow(admin1(), orgId(), { expiresAfterMinutes: 30 }, { name: "Slow" });
    const asked = await askForRun(editor(), orgId(), workflow.id);
    const { expiresAt } = (await getRun(asked.id)).approval as { expiresAt: string };
    const at = new Date(expiresAt);

    await sweeperOf(t.app).sweep(new Date(at.getTime() - 1_000));
    expect((await getRun(asked.id)).status).toBe("awaiting-approval");

    const baseline = await auditRows(t.app, orgId());
    await sweeperOf(t.app).sweep(new Date(at.getTime() + 1_000));
    const run = await getRun(asked.id);
    expect(run.status).toBe("expired");
    const rows = await rowsSince(t.app, orgId(), baseline);
    expect(rows).toEqual([
      expect.objectContaining({
        action: "run.expired",
        actorId: "run sweeper",
        entityId: asked.id,
        summary: 'A run of "Slow" expired: nobody approved it in time',
      }),
    ]);
    expect((await approve(admin1(), orgId(), asked.id)).status).toBe(409);
  });
});

describe("approvers are told", () => {
  it("mails each approver who has not muted the organization, never the requester, and fires the rules", async () => {
    const { client: muted } = org.admin2;
    expect((await muted.put(muteUrl(orgId()), { muted: true })).status).toBe(200);
    const rule = await createRule(owner(), orgId(), {
      name: "Approvals",
      events: ["approval.requested", "run.rejected", "run.expired"],
      emailRoles: [],
      emailUserIds: [org.users.viewer.id],
    });
    const workflow = await createGatedWorkflow(owner(), orgId(), { minRole: "admin" }, { name: "Told" });
    const asked = await askForRun(admin1(), orgId(), workflow.id);
    await reject(owner(), orgId(), asked.id, "No");

    const rows = await t.app.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.organizationId, orgId()));
    const aboutRun = rows.filter((row) => (row.payload as { run?: { id: string } }).run?.id === asked.id);
    const mailed = aboutRun.filter(
      (row) => row.event === "approval.requested" && row.channel === "email" && row.ruleId === null,
    );
    // Admins and owners may approve: the owner is mailed; admin 1 asked; admin 2 muted the organization.
    expect(mailed.map((row) => row.userId)).toEqual([org.users.owner.id]);
    expect(
      aboutRun
        .filter((row) => row.ruleId === rule.id)
        .map((row) => `${row.event} ${row.userId}`)
        .sort(),
    ).toEqual([`approval.requested ${org.users.viewer.id}`, `run.rejected ${org.users.viewer.id}`]);
    await muted.put(muteUrl(orgId()), { muted: false });
  });
});
