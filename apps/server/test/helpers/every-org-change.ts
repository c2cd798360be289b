import type { AuditAction } from "@flowdeck/shared/audit/actions";
import type { FastifyInstance } from "fastify";
import { createApiToken } from "../api-tokens/token-factory.ts";
import { askForRun, createGatedWorkflow } from "../approvals/support.ts";
import { pdf } from "../documents/fixtures.ts";
import { upload, uploadOk, uploadVersion } from "../documents/requests.ts";
import { createRule, muteUrl, rulesUrl, ruleBody } from "../notifications/support.ts";
import { createLinuxWorkflow, queueRun, registerRunner } from "../runners/runner-client.ts";
import { createTask } from "../tasks/task-factory.ts";
import { createWorkflow } from "../workflows/workflow-factory.ts";
import { addMember, createUser, type TestUser } from "./factories.ts";
import type { TestResponse } from "./http-client.ts";
import { connectionBody, freshDomain, TXT_RECORDS } from "../sso/sso-support.ts";
import { solidImage } from "./image-fixtures.ts";
import { putImage } from "./image-requests.ts";
import { enableTwoFactor } from "./two-factor.ts";

// Every route that changes an organization, with what it needs made first: the audit test checks
// that each writes its row, the API-token test that a token may make exactly the changes a
// person of its role may.

export type Owner = TestUser & { organizationId: string };
export type OrgChange = {
  /** Prepares what the change needs; its own audit rows are not counted. */
  setup?: (owner: Owner) => Promise<Record<string, string>>;
  change: (owner: Owner, ids: Record<string, string>) => Promise<TestResponse>;
  action: AuditAction;
  /** Audit rows it writes, when it is more than its own (an import also records each thing it changed). */
  rows?: number;
};

export const org = (owner: Owner, rest: string) => `/api/orgs/${owner.organizationId}${rest}`;
/** Every route that changes something, keyed "METHOD url" as registered. */
/** `app` is asked for when a case runs: the table is built before the test app. */
export function orgChanges(app: () => FastifyInstance): Record<string, OrgChange> {
  const aMember = async (owner: Owner) => {
    const user = await createUser(app());
    await addMember(app(), { organizationId: owner.organizationId, userId: user.id, role: "editor" });
    return { userId: user.id };
  };
  const aTask = async (owner: Owner) => ({ taskId: (await createTask(owner.client, owner.organizationId)).id });
  const aWorkflow = async (owner: Owner) => {
    const task = await createTask(owner.client, owner.organizationId);
    const workflow = await createWorkflow(owner.client, owner.organizationId, [task.id]);
    return { taskId: task.id, workflowId: workflow.id, stepId: workflow.steps[0]!.id };
  };
  const anInvitation = async (owner: Owner) => {
    const response = await owner.client.post(org(owner, "/invitations"), {
      email: `guest-${Date.now()}@example.com`,
      role: "viewer",
    });
    return { invitationId: (response.body as { id: string }).id };
  };
  const aDocument = async (owner: Owner) => {
    const document = await uploadOk(owner.client, owner.organizationId, {
      file: { fileName: "plan.pdf", contentType: "application/pdf", data: pdf() },
    });
    return { documentId: document.id };
  };
  const aToken = async (owner: Owner) => ({ tokenId: (await createApiToken(owner.client, owner.organizationId)).id });
  const aRule = async (owner: Owner) => ({ ruleId: (await createRule(owner.client, owner.organizationId)).id });
  const aRunner = async (owner: Owner) => ({
    runnerId: (await registerRunner(app(), owner.client, owner.organizationId)).id,
  });
  const aQueuedRun = async (owner: Owner) => {
    await registerRunner(app(), owner.client, owner.organizationId);
    const workflow = await createLinuxWorkflow(owner.client, owner.organizationId, ["echo hello"]);
    return { runId: await queueRun(owner.client, owner.organizationId, workflow.id) };
  };
  /** A run on every matching runner (decision 080) whose one target failed: it has a target to retry. */
  const aFailedFanOut = async (owner: Owner) => {
    const { client } = await registerRunner(app(), owner.client, owner.organizationId, { labels: ["fleet"] });
    const workflow = await createLinuxWorkflow(owner.client, owner.organizationId, ["exit 1"]);
    await owner.client.patch(org(owner, `/workflows/${workflow.id}`), {
      runnerLabels: ["fleet"],
      target: { mode: "all" },
    });
    const run = await owner.client.post(org(owner, `/workflows/${workflow.id}/execute`), {});
    const job = (await client.claim()).body.job;
    await client.complete(job.runId, "failed");
    return { runId: (run.body as { id: string }).id };
  };
  /** A run awaiting approval, asked for by an editor, so the owner may decide on it. */
  const anAwaitingRun = async (owner: Owner) => {
    const editor = await createUser(app());
    await addMember(app(), { organizationId: owner.organizationId, userId: editor.id, role: "editor" });
    const workflow = await createGatedWorkflow(owner.client, owner.organizationId);
    return { runId: (await askForRun(editor.client, owner.organizationId, workflow.id)).id };
  };
  const aHook = async (owner: Owner) => {
    const ids = await aWorkflow(owner);
    const response = await owner.client.post(org(owner, `/workflows/${ids.workflowId}/hooks`), { name: "CI" });
    return { ...ids, hookId: (response.body as { id: string }).id };
  };
  const aSecret = async (owner: Owner) => {
    const response = await owner.client.put(org(owner, "/secrets/OLD_TOKEN"), { value: "Zq#9-Wx!kL%p" });
    if (response.status !== 201) throw new Error(`secret not created: ${response.status}`);
    return { name: "OLD_TOKEN" };
  };
  const aFreezeWindow = async (owner: Owner) => {
    const response = await owner.client.post(org(owner, "/freeze-windows"), {
      reason: "Release weekend",
      weekly: { days: [6], from: "00:00", to: "23:59" },
    });
    if (response.status !== 201) throw new Error(`freeze window not created: ${response.status}`);
    return { windowId: (response.body as { id: string }).id };
  };
  const pdfFile = { fileName: "plan-v2.pdf", contentType: "application/pdf", data: pdf("Version two") };

  return {
    "PATCH /api/orgs/:orgId/members/:userId": {
      setup: aMember,
      change: (o, ids) => o.client.patch(org(o, `/members/${ids.userId}`), { role: "viewer" }),
      action: "member.role_changed",
    },
    "DELETE /api/orgs/:orgId/members/:userId": {
      setup: aMember,
      change: (o, ids) => o.client.delete(org(o, `/members/${ids.userId}`)),
      action: "member.removed",
    },
    "POST /api/orgs/:orgId/members/:userId/ownership": {
      setup: aMember,
      change: (o, ids) => o.client.post(org(o, `/members/${ids.userId}/ownership`)),
      action: "member.ownership_transferred",
    },
    "POST /api/orgs/:orgId/invitations": {
      change: (o) => o.client.post(org(o, "/invitations"), { email: "new-hire@example.com", role: "editor" }),
      action: "invitation.sent",
    },
    "POST /api/orgs/:orgId/invitations/:id/resend": {
      setup: anInvitation,
      change: (o, ids) => o.client.post(org(o, `/invitations/${ids.invitationId}/resend`)),
      action: "invitation.resent",
    },
    "DELETE /api/orgs/:orgId/invitations/:id": {
      setup: anInvitation,
      change: (o, ids) => o.client.delete(org(o, `/invitations/${ids.invitationId}`)),
      action: "invitation.cancelled",
    },
    "POST /api/orgs/:orgId/credits/consume": {
      change: (o) => o.client.post(org(o, "/credits/consume"), { amount: 5 }),
      action: "credits.consumed",
    },
    "POST /api/orgs/:orgId/credits/add": {
      change: (o) => o.client.post(org(o, "/credits/add"), { amount: 5 }),
      action: "credits.added",
    },
    "POST /api/orgs/:orgId/tasks": {
      change: (o) =>
        o.client.post(org(o, "/tasks"), { name: "Back up", category: "backup", commands: { linux: "backup" } }),
      action: "task.created",
    },
    "PATCH /api/orgs/:orgId/tasks/:taskId": {
      setup: aTask,
      change: (o, ids) => o.client.patch(org(o, `/tasks/${ids.taskId}`), { name: "Renamed" }),
      action: "task.updated",
    },
    "DELETE /api/orgs/:orgId/tasks/:taskId": {
      setup: aTask,
      change: (o, ids) => o.client.delete(org(o, `/tasks/${ids.taskId}`)),
      action: "task.deleted",
    },
    "POST /api/orgs/:orgId/workflows": {
      setup: aTask,
      change: (o, ids) =>
        o.client.post(org(o, "/workflows"), { name: "Nightly", description: "", taskIds: [ids.taskId] }),
      action: "workflow.created",
    },
    "PATCH /api/orgs/:orgId/workflows/:workflowId": {
      setup: aWorkflow,
      change: (o, ids) => o.client.patch(org(o, `/workflows/${ids.workflowId}`), { name: "Weekly" }),
      action: "workflow.updated",
    },
    "DELETE /api/orgs/:orgId/workflows/:workflowId": {
      setup: aWorkflow,
      change: (o, ids) => o.client.delete(org(o, `/workflows/${ids.workflowId}`)),
      action: "workflow.deleted",
    },
    "PUT /api/orgs/:orgId/workflows/:workflowId/steps/order": {
      setup: aWorkflow,
      change: (o, ids) => o.client.put(org(o, `/workflows/${ids.workflowId}/steps/order`), { stepIds: [ids.stepId] }),
      action: "workflow.steps_reordered",
    },
    "PATCH /api/orgs/:orgId/workflows/:workflowId/steps/:stepId": {
      setup: aWorkflow,
      change: (o, ids) =>
        o.client.patch(org(o, `/workflows/${ids.workflowId}/steps/${ids.stepId}`), { status: "completed" }),
      action: "workflow.step_marked",
    },
    "POST /api/orgs/:orgId/workflows/:workflowId/execute": {
      setup: aWorkflow,
      change: (o, ids) => o.client.post(org(o, `/workflows/${ids.workflowId}/execute`), { mode: "checklist" }),
      action: "workflow.run",
    },
    "POST /api/orgs/:orgId/workflows/:workflowId/start": {
      setup: aWorkflow,
      change: (o, ids) => o.client.post(org(o, `/workflows/${ids.workflowId}/start`)),
      action: "workflow.started",
    },
    "POST /api/orgs/:orgId/workflows/:workflowId/complete": {
      setup: aWorkflow,
      change: (o, ids) => o.client.post(org(o, `/workflows/${ids.workflowId}/complete`)),
      action: "workflow.completed",
    },
    "POST /api/orgs/:orgId/documents": {
      change: (o) =>
        upload(o.client, o.organizationId, {
          file: { fileName: "a.pdf", contentType: "application/pdf", data: pdf() },
        }),
      action: "document.uploaded",
    },
    "PATCH /api/orgs/:orgId/documents/:documentId": {
      setup: aDocument,
      change: (o, ids) => o.client.patch(org(o, `/documents/${ids.documentId}`), { title: "The plan" }),
      action: "document.updated",
    },
    "POST /api/orgs/:orgId/documents/:documentId/versions": {
      setup: aDocument,
      change: (o, ids) => uploadVersion(o.client, o.organizationId, ids.documentId!, { file: pdfFile }),
      action: "document.version_uploaded",
    },
    "DELETE /api/orgs/:orgId/documents/:documentId": {
      setup: aDocument,
      change: (o, ids) => o.client.delete(org(o, `/documents/${ids.documentId}`)),
      action: "document.deleted",
    },
    "PATCH /api/orgs/:orgId/settings": {
      change: (o) => o.client.patch(org(o, "/settings"), { name: "Renamed Org", timezone: "Europe/London" }),
      action: "settings.updated",
    },
    "PUT /api/orgs/:orgId/logo": {
      change: async (o) => putImage(o.client, org(o, "/logo"), { fileName: "logo.png", data: await solidImage("png") }),
      action: "logo.updated",
    },
    "DELETE /api/orgs/:orgId/logo": {
      setup: async (o) => {
        await putImage(o.client, org(o, "/logo"), { fileName: "logo.png", data: await solidImage("png") });
        return {};
      },
      change: (o) => o.client.delete(org(o, "/logo")),
      action: "logo.removed",
    },
    "PUT /api/orgs/:orgId/two-factor-requirement": {
      setup: async (o) => {
        await enableTwoFactor(o);
        return {};
      },
      change: (o) => o.client.put(org(o, "/two-factor-requirement"), { required: true }),
      action: "twoFactor.requirement_changed",
    },
    "PUT /api/orgs/:orgId/audit/retention": {
      change: (o) => o.client.put(org(o, "/audit/retention"), { days: 90 }),
      action: "audit.retention_changed",
    },
    "POST /api/orgs/:orgId/api-tokens": {
      change: (o) => o.client.post(org(o, "/api-tokens"), { name: "CI", role: "editor", expiresInDays: 30 }),
      action: "apiToken.created",
    },
    "DELETE /api/orgs/:orgId/api-tokens/:tokenId": {
      setup: aToken,
      change: (o, ids) => o.client.delete(org(o, `/api-tokens/${ids.tokenId}`)),
      action: "apiToken.revoked",
    },
    "POST /api/orgs/:orgId/notifications/rules": {
      change: (o) => o.client.post(rulesUrl(o.organizationId), ruleBody()),
      action: "notificationRule.created",
    },
    "PUT /api/orgs/:orgId/notifications/rules/:ruleId": {
      setup: aRule,
      change: (o, ids) => o.client.put(rulesUrl(o.organizationId, `/${ids.ruleId}`), ruleBody({ name: "Night shift" })),
      action: "notificationRule.updated",
    },
    "DELETE /api/orgs/:orgId/notifications/rules/:ruleId": {
      setup: aRule,
      change: (o, ids) => o.client.delete(rulesUrl(o.organizationId, `/${ids.ruleId}`)),
      action: "notificationRule.deleted",
    },
    "POST /api/orgs/:orgId/notifications/rules/:ruleId/test": {
      setup: aRule,
      change: (o, ids) => o.client.post(rulesUrl(o.organizationId, `/${ids.ruleId}/test`)),
      action: "notificationRule.tested",
    },
    "POST /api/orgs/:orgId/import": {
      change: (o) =>
        o.client.request({
          method: "POST",
          url: org(o, "/import"),
          payload: "version: 1\ncommands:\n  - name: Imported\n    commands:\n      linux: echo imported\n",
          headers: { "content-type": "text/yaml" },
        }),
      action: "organization.imported",
      rows: 2,
    },
    "PUT /api/orgs/:orgId/notifications/mute": {
      change: (o) => o.client.put(muteUrl(o.organizationId), { muted: true }),
      action: "notifications.muted",
    },
    "POST /api/orgs/:orgId/runners/registration-tokens": {
      change: (o) => o.client.post(org(o, "/runners/registration-tokens")),
      action: "runner.registration_token_created",
    },
    "PATCH /api/orgs/:orgId/runners/:runnerId": {
      setup: aRunner,
      change: (o, ids) => o.client.patch(org(o, `/runners/${ids.runnerId}`), { name: "build-02" }),
      action: "runner.updated",
    },
    "POST /api/orgs/:orgId/runners/:runnerId/revoke": {
      setup: aRunner,
      change: (o, ids) => o.client.post(org(o, `/runners/${ids.runnerId}/revoke`)),
      action: "runner.revoked",
    },
    "POST /api/orgs/:orgId/runs/:runId/cancel": {
      setup: aQueuedRun,
      change: (o, ids) => o.client.post(org(o, `/runs/${ids.runId}/cancel`)),
      action: "run.cancelled",
    },
    "POST /api/orgs/:orgId/runs/:runId/retry-failed": {
      setup: aFailedFanOut,
      change: (o, ids) => o.client.post(org(o, `/runs/${ids.runId}/retry-failed`)),
      action: "workflow.run",
    },
    "POST /api/orgs/:orgId/runs/:runId/approve": {
      setup: anAwaitingRun,
      change: (o, ids) => o.client.post(org(o, `/runs/${ids.runId}/approve`), { comment: "Checked" }),
      action: "run.approved",
    },
    "POST /api/orgs/:orgId/runs/:runId/reject": {
      setup: anAwaitingRun,
      change: (o, ids) => o.client.post(org(o, `/runs/${ids.runId}/reject`), { comment: "Not now" }),
      action: "run.rejected",
    },
    "PUT /api/orgs/:orgId/retention": {
      change: (o) => o.client.put(org(o, "/retention"), { keepRunsDays: 30, maxRunsPerWorkflow: 200 }),
      action: "retention.changed",
    },
    "POST /api/orgs/:orgId/runs/:runId/pin": {
      setup: aQueuedRun,
      change: (o, ids) => o.client.post(org(o, `/runs/${ids.runId}/pin`)),
      action: "run.pinned",
    },
    "POST /api/orgs/:orgId/runs/:runId/unpin": {
      setup: async (o) => {
        const ids = await aQueuedRun(o);
        await o.client.post(org(o, `/runs/${ids.runId}/pin`));
        return ids;
      },
      change: (o, ids) => o.client.post(org(o, `/runs/${ids.runId}/unpin`)),
      action: "run.unpinned",
    },
    "PUT /api/orgs/:orgId/secrets/:name": {
      change: (o) => o.client.put(org(o, "/secrets/DB_PASSWORD"), { value: "Zq#9-Wx!kL%p", description: "Primary" }),
      action: "secret.created",
    },
    "DELETE /api/orgs/:orgId/secrets/:name": {
      setup: aSecret,
      change: (o, ids) => o.client.delete(org(o, `/secrets/${ids.name}`)),
      action: "secret.deleted",
    },
    "PUT /api/orgs/:orgId/sso": {
      change: (o) => o.client.put(org(o, "/sso"), connectionBody()),
      action: "sso.updated",
    },
    "POST /api/orgs/:orgId/sso/test": {
      setup: async (o) => {
        // An internal address the operator has not allowed: the test answers at once, refused.
        await o.client.put(org(o, "/sso"), connectionBody({ issuer: "http://127.0.0.1:9" }));
        return {};
      },
      change: (o) => o.client.post(org(o, "/sso/test")),
      action: "sso.tested",
    },
    "POST /api/orgs/:orgId/sso/domains/:domain/verify": {
      setup: async (o) => {
        const domain = freshDomain();
        const put = await o.client.put(org(o, "/sso"), connectionBody({ domains: [domain] }));
        TXT_RECORDS.set(domain, [[put.body.domainStatus[0].record]]);
        return { domain };
      },
      change: (o, ids) => o.client.post(org(o, `/sso/domains/${ids.domain}/verify`)),
      action: "sso.domain_verified",
    },
    "POST /api/orgs/:orgId/freeze-windows": {
      change: (o) =>
        o.client.post(org(o, "/freeze-windows"), {
          reason: "Quarter close",
          startsAt: "2027-03-30T00:00:00Z",
          endsAt: "2027-04-01T00:00:00Z",
        }),
      action: "freezeWindow.created",
    },
    "DELETE /api/orgs/:orgId/freeze-windows/:windowId": {
      setup: aFreezeWindow,
      change: (o, ids) => o.client.delete(org(o, `/freeze-windows/${ids.windowId}`)),
      action: "freezeWindow.deleted",
    },
    "POST /api/orgs/:orgId/workflows/:workflowId/hooks": {
      setup: aWorkflow,
      change: (o, ids) =>
        o.client.post(org(o, `/workflows/${ids.workflowId}/hooks`), { name: "CI", signature: "github" }),
      action: "hook.created",
    },
    "POST /api/orgs/:orgId/workflows/:workflowId/hooks/:hookId/rotate": {
      setup: aHook,
      change: (o, ids) => o.client.post(org(o, `/workflows/${ids.workflowId}/hooks/${ids.hookId}/rotate`)),
      action: "hook.rotated",
    },
    "DELETE /api/orgs/:orgId/workflows/:workflowId/hooks/:hookId": {
      setup: aHook,
      change: (o, ids) => o.client.delete(org(o, `/workflows/${ids.workflowId}/hooks/${ids.hookId}`)),
      action: "hook.revoked",
    },
    // Reads that change something (the download count) are recorded too.
    "GET /api/orgs/:orgId/documents/:documentId/download": {
      setup: aDocument,
      change: (o, ids) => o.client.get(org(o, `/documents/${ids.documentId}/download`)),
      action: "document.downloaded",
    },
  };
}
