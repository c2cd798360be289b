import { Writable } from "node:stream";
import { HOOK_MESSAGES } from "@flowdeck/shared/hooks/messages";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workflowHooks, workflowRuns } from "../../src/db/schema/index.ts";
import { createApiToken } from "../api-tokens/token-factory.ts";
import { auditRows } from "../audit/audit-support.ts";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { bearerClient } from "../helpers/http-client.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { callHook, createHook, createParameterWorkflow, sign } from "./hook-client.ts";

// Inbound webhooks (decision 068) through HTTP into the real server: signed deliveries start runs
// with mapped parameters; every refusal starts nothing; secrets reach no answer, audit row or log.

const RATE_LIMIT = 6;
let t: TestApp;
let org: OrgWithRoles;
let log = "";
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log += chunk.toString();
      done();
    },
  });
  t = await createTestApp({ logStream, env: { LOG_LEVEL: "trace", WEBHOOK_RATE_LIMIT: String(RATE_LIMIT) } });
  org = await createOrgWithRoles(t.app);
});
afterAll(() => t.close());

const orgId = () => org.organizationId;
const editor = () => org.users.editor.client;
const hooksOf = (workflowId: string) => `/api/orgs/${orgId()}/workflows/${workflowId}/hooks`;
let counter = 0;

async function setup(input: { signature: "none" | "github" | "flowdeck"; parameters?: Record<string, string> }) {
  const workflow = await createParameterWorkflow(editor(), orgId(), `Deploy ${++counter}`);
  const hook = await createHook(editor(), orgId(), workflow.id, {
    name: `CI ${counter}`,
    signature: input.signature,
    parameters: input.parameters ?? { git_ref: "/ref", count: "/commits/0/n" },
  });
  return { workflowId: workflow.id, hook };
}

async function runsOf(workflowId: string) {
  return t.app.db.select().from(workflowRuns).where(eq(workflowRuns.workflowId, workflowId));
}

const PUSH = JSON.stringify({ ref: "refs/heads/main", commits: [{ n: 3 }] });

describe("a delivery", () => {
  it("signed as GitHub signs starts a run of the workflow with the mapped parameters (trigger webhook)", async () => {
    const { workflowId, hook } = await setup({ signature: "github" });
    expect(hook.url).toMatch(new RegExp(`^http://localhost:\\d+/api/hooks/${hook.id}/[A-Za-z0-9_-]{43}$`));
    expect(hook.signingSecret).toMatch(/^whsec_/);
    const response = await callHook(t.app, hook.url, PUSH, {
      "x-hub-signature-256": sign(hook.signingSecret!, PUSH),
      "x-github-delivery": "delivery-1",
    });
    expect(response.status).toBe(202);
    const run = await editor().get(`/api/orgs/${orgId()}/runs/${response.body.runId}`);
    expect(run.body).toMatchObject({
      workflowId,
      trigger: "webhook",
      triggeredByRunId: null,
      startedBy: null,
      kind: "executed",
      status: "queued",
      parameters: { git_ref: "refs/heads/main", count: 3 },
    });
    const history = await editor().get(`/api/orgs/${orgId()}/workflows/${workflowId}/history?trigger=webhook`);
    expect(history.body.items.map((item: { id: string }) => item.id)).toEqual([response.body.runId]);
  });

  it("signed with our header and any content type is accepted; a mapping-free hook ignores the body", async () => {
    const signed = await setup({ signature: "flowdeck", parameters: { git_ref: "/ref" } });
    const body = JSON.stringify({ ref: "v1.2.0" });
    const ours = await callHook(t.app, signed.hook.url, body, {
      "x-flowdeck-signature": sign(signed.hook.signingSecret!, body),
      "content-type": "text/plain",
      origin: "https://ci.example.com",
    });
    expect(ours.status).toBe(202);
    expect((await runsOf(signed.workflowId))[0]!.parameters).toEqual([
      expect.objectContaining({ name: "git_ref", value: "v1.2.0" }),
      expect.objectContaining({ name: "count", value: null }),
    ]);
  });

  it("with a bad or missing signature is 401 and starts nothing", async () => {
    const { workflowId, hook } = await setup({ signature: "github" });
    const wrong = await callHook(t.app, hook.url, PUSH, { "x-hub-signature-256": sign("not-the-secret", PUSH) });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.message).toBe(HOOK_MESSAGES.signatureWrong("X-Hub-Signature-256"));
    const tampered = await callHook(t.app, hook.url, PUSH.replace("main", "evil"), {
      "x-hub-signature-256": sign(hook.signingSecret!, PUSH),
    });
    expect(tampered.status).toBe(401);
    const missing = await callHook(t.app, hook.url, PUSH);
    expect(missing.status).toBe(401);
    expect(missing.body.error.message).toBe(HOOK_MESSAGES.signatureMissing("X-Hub-Signature-256"));
    expect(await runsOf(workflowId)).toEqual([]);
  });

  it("repeated with the same delivery id answers the first run and starts no second", async () => {
    const { workflowId, hook } = await setup({ signature: "none" });
    const first = await callHook(t.app, hook.url, PUSH, { "idempotency-key": "build-77" });
    expect(first.status).toBe(202);
    const again = await callHook(t.app, hook.url, PUSH, { "idempotency-key": "build-77" });
    expect(again.status).toBe(202);
    expect(again.body.runId).toBe(first.body.runId);
    expect(await runsOf(workflowId)).toHaveLength(1);
  });

  it("over 1 MB is 413 and starts nothing", async () => {
    const { workflowId, hook } = await setup({ signature: "none" });
    const big = JSON.stringify({ ref: "main", padding: "x".repeat(1024 * 1024) });
    const response = await callHook(t.app, hook.url, big);
    expect(response.status).toBe(413);
    expect(await runsOf(workflowId)).toEqual([]);
  });

  it("to a revoked hook, a wrong secret, an unknown id or a rotated hook's old URL is the same 404", async () => {
    const { workflowId, hook } = await setup({ signature: "none" });
    const other = await createHook(editor(), orgId(), workflowId, {
      name: "Other",
      signature: "github",
      parameters: { git_ref: "/ref" },
    });
    const rotated = await editor().post(`${hooksOf(workflowId)}/${other.id}/rotate`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.url).not.toBe(other.url);
    expect(rotated.body.signingSecret).not.toBe(other.signingSecret);
    expect((await editor().delete(`${hooksOf(workflowId)}/${hook.id}`)).status).toBe(204);
    const urls = [
      hook.url,
      other.url,
      hook.url.replace(/[^/]+$/, "A".repeat(43)),
      hook.url.replace(hook.id, "00000000-0000-0000-0000-000000000000"),
    ];
    const answers = await Promise.all(urls.map((url) => callHook(t.app, url, PUSH)));
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404]);
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    expect(await runsOf(workflowId)).toEqual([]);
    // The rotated URL with the new secret works.
    const body = JSON.stringify({ ref: "main" });
    const fresh = await callHook(t.app, rotated.body.url, body, {
      "x-hub-signature-256": sign(rotated.body.signingSecret, body),
    });
    expect(fresh.status).toBe(202);
  });

  it("whose parameters the workflow refuses is 400 naming the field, and starts nothing", async () => {
    const { workflowId, hook } = await setup({ signature: "none" });
    const tooMany = await callHook(t.app, hook.url, JSON.stringify({ ref: "main", commits: [{ n: 12 }] }));
    expect(tooMany.status).toBe(400);
    expect(Object.keys(tooMany.body.error.fields)).toEqual(["parameters.count"]);
    const noRef = await callHook(t.app, hook.url, JSON.stringify({ commits: [] }));
    expect(noRef.status).toBe(400);
    expect(Object.keys(noRef.body.error.fields)).toEqual(["parameters.git_ref"]);
    const object = await callHook(t.app, hook.url, JSON.stringify({ ref: { name: "main" } }));
    expect(object.status).toBe(400);
    expect(object.body.error.fields).toEqual({
      "parameters.git_ref": HOOK_MESSAGES.pointerNotValue("/ref", "git_ref"),
    });
    const notJson = await callHook(t.app, hook.url, "ref=main", {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(notJson.status).toBe(400);
    expect(notJson.body.error.message).toBe(HOOK_MESSAGES.bodyNotJson);
    expect(await runsOf(workflowId)).toEqual([]);
  });

  it(`beyond ${RATE_LIMIT} a minute is 429 with Retry-After, per hook`, async () => {
    const { hook } = await setup({ signature: "github" });
    const other = await setup({ signature: "github" });
    const statuses: number[] = [];
    let retryAfter: unknown;
    for (let call = 0; call <= RATE_LIMIT; call++) {
      const response = await callHook(t.app, hook.url, PUSH, { "x-hub-signature-256": "sha256=00" });
      statuses.push(response.status);
      retryAfter = response.headers["retry-after"];
    }
    expect(statuses).toEqual([...Array(RATE_LIMIT).fill(401), 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect((await callHook(t.app, other.hook.url, PUSH, { "x-hub-signature-256": "sha256=00" })).status).toBe(401);
  });
});

describe("what is recorded", () => {
  it("lists each call on the hook and writes it to the audit log with the hook as the actor", async () => {
    const { workflowId, hook } = await setup({ signature: "github" });
    const accepted = await callHook(t.app, hook.url, PUSH, { "x-hub-signature-256": sign(hook.signingSecret!, PUSH) });
    await callHook(t.app, hook.url, PUSH, { "x-hub-signature-256": "sha256=00" });
    const list = await editor().get(hooksOf(workflowId));
    expect(list.status).toBe(200);
    const [listed] = list.body.items;
    expect(listed).toMatchObject({
      id: hook.id,
      signature: "github",
      parameters: { git_ref: "/ref" },
      revokedAt: null,
    });
    expect(listed.createdBy).toBeTruthy();
    expect(listed.calls.map((call: { status: number }) => call.status)).toEqual([401, 202]);
    expect(listed.lastCall).toMatchObject({ status: 401, runId: null });
    expect(listed.calls[1].runId).toBe(accepted.body.runId);
    const rows = (await auditRows(t.app, orgId())).filter((row) => row.entityId === hook.id);
    expect(rows.map((row) => [row.action, row.actorKind, row.actorId, row.actorLabel])).toEqual(
      expect.arrayContaining([
        ["hook.created", "user", org.users.editor.id, expect.any(String)],
        ["hook.called", "hook", hook.id, `Webhook "${listed.name}"`],
      ]),
    );
    expect(rows.filter((row) => row.action === "hook.called")).toHaveLength(2);
  });

  it("starts a token's execute as api and a person's as manual", async () => {
    const { workflowId } = await setup({ signature: "none" });
    const second = await createParameterWorkflow(editor(), orgId(), "Second");
    const { token } = await createApiToken(org.users.owner.client, orgId(), { name: "CI", role: "editor" });
    const byToken = await bearerClient(t.app, token).post(`/api/orgs/${orgId()}/workflows/${workflowId}/execute`, {
      parameters: { git_ref: "main" },
    });
    expect(byToken.body.trigger).toBe("api");
    const byPerson = await editor().post(`/api/orgs/${orgId()}/workflows/${second.id}/execute`, {
      parameters: { git_ref: "main" },
    });
    expect(byPerson.body).toMatchObject({ trigger: "manual", triggeredByRunId: null });
    const api = await editor().get(`/api/orgs/${orgId()}/workflows/${workflowId}/history?trigger=api`);
    expect(api.body.items.map((run: { id: string }) => run.id)).toEqual([byToken.body.id]);
    const manual = await editor().get(`/api/orgs/${orgId()}/workflows/${workflowId}/history?trigger=manual`);
    expect(manual.body.items).toEqual([]);
    const bad = await editor().get(`/api/orgs/${orgId()}/workflows/${workflowId}/history?trigger=cron`);
    expect(bad.status).toBe(400);
  });

  it("keeps both secrets out of every answer but the first, the audit log, the log and the database in plain", async () => {
    const { workflowId, hook } = await setup({ signature: "flowdeck" });
    await callHook(t.app, hook.url, PUSH, { "x-flowdeck-signature": sign(hook.signingSecret!, PUSH) });
    const rotated = (await editor().post(`${hooksOf(workflowId)}/${hook.id}/rotate`)).body;
    await callHook(t.app, rotated.url, PUSH, { "x-flowdeck-signature": sign(rotated.signingSecret, PUSH) });
    const secrets = [hook, rotated].flatMap((given) => [
      new URL(given.url).pathname.split("/").pop()!,
      given.signingSecret!,
    ]);
    const texts = [
      JSON.stringify((await editor().get(hooksOf(workflowId))).body),
      JSON.stringify((await org.users.owner.client.get(`/api/orgs/${orgId()}/audit`)).body),
      JSON.stringify(await auditRows(t.app, orgId())),
      JSON.stringify(
        await t.app.db
          .select()
          .from(workflowHooks)
          .where(and(eq(workflowHooks.id, hook.id))),
      ),
      log,
    ];
    expect(log).toContain(`/api/hooks/${hook.id}/[secret]`);
    for (const text of texts) for (const secret of secrets) expect(text).not.toContain(secret);
  });
});
