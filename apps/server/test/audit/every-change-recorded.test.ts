import { can, isAction, tokensMay } from "@flowdeck/shared";
import type { AuditAction } from "@flowdeck/shared/audit/actions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORG_ROUTE_PREFIX } from "../../src/plugins/tenancy.ts";
import { solidImage } from "../helpers/image-fixtures.ts";
import { putImage } from "../helpers/image-requests.ts";
import { addMember, createUser, registerOwner, type TestUser } from "../helpers/factories.ts";
import { bearerClient, type TestResponse } from "../helpers/http-client.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createTask } from "../tasks/task-factory.ts";
import { createWorkflow } from "../workflows/workflow-factory.ts";
import { pdf } from "../documents/fixtures.ts";
import { uploadOk, uploadVersion } from "../documents/requests.ts";
import { createApiToken } from "../api-tokens/token-factory.ts";
import { createRule, muteUrl, rulesUrl, ruleBody } from "../notifications/support.ts";
import { createLinuxWorkflow, queueRun, registerRunner } from "../runners/runner-client.ts";
import { enableTwoFactor } from "../helpers/two-factor.ts";
import { auditRows, rowsSince } from "./audit-support.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Owner = TestUser & { organizationId: string };
type Case = {
  /** Prepares what the change needs; its own audit rows are not counted. */
  setup?: (owner: Owner) => Promise<Record<string, string>>;
  change: (owner: Owner, ids: Record<string, string>) => Promise<TestResponse>;
  action: AuditAction;
};

const org = (owner: Owner, rest: string) => `/api/orgs/${owner.organizationId}${rest}`;
const aMember = async (owner: Owner) => {
  const user = await createUser(t.app);
  await addMember(t.app, { organizationId: owner.organizationId, userId: user.id, role: "editor" });
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
  runnerId: (await registerRunner(t.app, owner.client, owner.organizationId)).id,
});
const aQueuedRun = async (owner: Owner) => {
  await registerRunner(t.app, owner.client, owner.organizationId);
  const workflow = await createLinuxWorkflow(owner.client, owner.organizationId, ["echo hello"]);
  return { runId: await queueRun(owner.client, owner.organizationId, workflow.id) };
};
const pdfFile = { fileName: "plan-v2.pdf", contentType: "application/pdf", data: pdf("Version two") };

/** Every route that changes something, keyed "METHOD url" as registered. */
const CASES: Record<string, Case> = {
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
    change: async (o) => {
      await uploadOk(o.client, o.organizationId, {
        file: { fileName: "a.pdf", contentType: "application/pdf", data: pdf() },
      });
      return { status: 201, body: null, headers: {} };
    },
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
  // Reads that change something (the download count) are recorded too.
  "GET /api/orgs/:orgId/documents/:documentId/download": {
    setup: aDocument,
    change: (o, ids) => o.client.get(org(o, `/documents/${ids.documentId}/download`)),
    action: "document.downloaded",
  },
};

/** Whether an admin token may make the change: not above its role, and not for people only. */
function tokenMay(route: string): boolean {
  const action = t.app.registeredRoutes.find((candidate) => `${candidate.method} ${candidate.url}` === route)?.action;
  if (!isAction(action)) throw new Error(`${route} declares no action`);
  return tokensMay(action) && can("admin", action);
}

describe("every change to an organization", () => {
  it("has a case here for each route that changes something, most of them open to an admin token", () => {
    const mutating = t.app.registeredRoutes
      .filter((route) => route.url.startsWith(ORG_ROUTE_PREFIX) && !["GET", "HEAD"].includes(route.method))
      .map((route) => `${route.method} ${route.url}`);
    expect(mutating.length).toBeGreaterThan(20);
    expect(mutating.filter((key) => !CASES[key])).toEqual([]);
    expect(Object.keys(CASES).filter(tokenMay).length).toBeGreaterThan(30);
  });

  it.each(Object.entries(CASES))(
    "%s writes exactly one audit row, naming the member who acted",
    async (_route, spec) => {
      const owner = (await registerOwner(t.app)) as Owner;
      const ids = spec.setup ? await spec.setup(owner) : {};
      const baseline = await auditRows(t.app, owner.organizationId);
      const response = await spec.change(owner, ids);
      expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
      const rows = await rowsSince(t.app, owner.organizationId, baseline);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        action: spec.action,
        actorKind: "user",
        actorId: owner.id,
        actorLabel: owner.email,
        organizationId: owner.organizationId,
      });
      expect(rows[0]!.summary).not.toBe("");
      expect(rows[0]!.ip).toBeTruthy();
    },
  );
});

describe("every change an API token makes", () => {
  it.each(Object.entries(CASES))(
    "%s, made with an admin token, is the token's doing on behalf of its creator, or refused",
    async (route, spec) => {
      const owner = (await registerOwner(t.app)) as Owner;
      const ids = spec.setup ? await spec.setup(owner) : {};
      const token = await createApiToken(owner.client, owner.organizationId, { name: "Deploy bot", role: "admin" });
      const baseline = await auditRows(t.app, owner.organizationId);
      const response = await spec.change({ ...owner, client: bearerClient(t.app, token.token) }, ids);
      const rows = await rowsSince(t.app, owner.organizationId, baseline);
      if (!tokenMay(route)) {
        // Owner-only and people-only changes (tokens, runners, ownership): refused, nothing recorded.
        expect(response.status).toBe(403);
        expect(rows).toEqual([]);
        return;
      }
      expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        action: spec.action,
        actorKind: "token",
        actorId: token.id,
        actorLabel: "Deploy bot",
        onBehalfOfUserId: owner.id,
        organizationId: owner.organizationId,
      });
    },
  );

  it("shows the token and the person who created it on the audit page", async () => {
    const owner = (await registerOwner(t.app)) as Owner;
    const token = await createApiToken(owner.client, owner.organizationId, { name: "Deploy bot", role: "editor" });
    const created = await bearerClient(t.app, token.token).post(org(owner, "/tasks"), {
      name: "Back up",
      category: "backup",
      commands: { linux: "backup" },
    });
    expect(created.status).toBe(201);
    const page = await owner.client.get(org(owner, "/audit?actorKind=token"));
    expect(page.status).toBe(200);
    expect(page.body.items).toHaveLength(1);
    expect(page.body.items[0]).toMatchObject({
      action: "task.created",
      actor: { kind: "token", id: token.id, label: "Deploy bot", onBehalfOf: { id: owner.id, name: owner.email } },
    });
  });
});
