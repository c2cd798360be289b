import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_TOKEN_ROLES } from "@flowdeck/shared/api-tokens/schemas";
import { createApiToken } from "../api-tokens/token-factory.ts";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { CALLERS, clientOf, expectedStatus } from "../helpers/permission-matrix.ts";
import { MAX_STREAMS_PER_PERSON } from "../../src/lib/stream-limits.ts";
import { baseUrlOf, EventStream, streamsClosedAfterEach, type SseFrame } from "../helpers/sse-client.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createLinuxWorkflow, queueRun, registerRunner, type RunnerClient } from "../runners/runner-client.ts";

/**
 * GET /api/orgs/:orgId/runs/:runId/stream (docs/decisions/059): the run view's one source. A
 * snapshot, then the run's state on each change and its new output, each chunk once and in order;
 * a dropped connection resumes after the last chunk it got (Last-Event-ID).
 */
let t: TestApp;
let org: OrgWithRoles;
const { keep } = streamsClosedAfterEach();

beforeAll(async () => {
  t = await createTestApp({ listen: true, env: { RUNNER_CLAIM_HOLD_SECONDS: "1" } });
  org = await createOrgWithRoles(t.app);
});
afterAll(() => t.close());

const LINES = 20_000;
const LINES_PER_CHUNK = 100;
const CHUNKS_PER_BATCH = 10;

const streamUrl = (orgId: string, runId: string) => `${baseUrlOf(t.app)}/api/orgs/${orgId}/runs/${runId}/stream`;

/** A claimed run of a one-step Linux workflow, and the runner holding it. */
async function claimedRun(): Promise<{ runId: string; client: RunnerClient }> {
  const { client } = await registerRunner(t.app, org.users.admin.client, org.organizationId);
  const workflow = await createLinuxWorkflow(org.users.editor.client, org.organizationId, ["seq 20000"]);
  const runId = await queueRun(org.users.editor.client, org.organizationId, workflow.id);
  const claim = await client.claim();
  expect(claim.body.job.runId).toBe(runId);
  return { runId, client };
}

/** Sends output batches `from`..`to` (1-based, inclusive) of the 20,000 numbered lines. */
async function sendBatches(client: RunnerClient, runId: string, from: number, to: number) {
  const linesPerBatch = LINES_PER_CHUNK * CHUNKS_PER_BATCH;
  for (let seq = from; seq <= to; seq++) {
    const chunks = Array.from({ length: CHUNKS_PER_BATCH }, (_, chunk) => {
      const first = (seq - 1) * linesPerBatch + chunk * LINES_PER_CHUNK + 1;
      const lines = Array.from({ length: LINES_PER_CHUNK }, (_, line) => `line ${first + line}\n`);
      return { position: 0, stream: "stdout", text: lines.join("") };
    });
    const response = await client.logs(runId, seq, chunks);
    expect(response.status).toBe(200);
  }
}

/** Reads log frames until `count` lines came, returning the lines and the last frame's id. */
async function readLines(stream: EventStream, count: number, into: string[]) {
  let lastId: string | undefined;
  while (into.length < count) {
    const frame: SseFrame = await stream.nextMatching((candidate) => candidate.event === "log", 15_000);
    const { items } = JSON.parse(frame.data ?? "{}") as { items: { id: number; text: string }[] };
    for (const item of items) into.push(...item.text.split("\n").filter(Boolean));
    lastId = frame.id;
  }
  return lastId;
}

const runFrame = (stream: EventStream) => stream.nextMatching((frame) => frame.event === "run", 10_000);

describe("the run stream", () => {
  it("shows a viewer the run's state and every line of a 20,000-line run in order, resuming without a gap", async () => {
    const { runId, client } = await claimedRun();
    const viewer = org.users.viewer.client;
    const first = keep(await EventStream.open(streamUrl(org.organizationId, runId), viewer));
    expect(first.status).toBe(200);
    const snapshot = JSON.parse((await runFrame(first)).data!);
    expect(snapshot).toMatchObject({ id: runId, status: "running", kind: "executed" });

    const batches = LINES / (LINES_PER_CHUNK * CHUNKS_PER_BATCH);
    const half = batches / 2;
    const lines: string[] = [];
    await sendBatches(client, runId, 1, half);
    const lastId = await readLines(first, LINES / 2, lines);
    // The connection drops; meanwhile the run prints on.
    first.close();
    await sendBatches(client, runId, half + 1, batches - 2);

    const second = keep(
      await EventStream.open(streamUrl(org.organizationId, runId), viewer, { "last-event-id": lastId! }),
    );
    expect(JSON.parse((await runFrame(second)).data!).status).toBe("running");
    await sendBatches(client, runId, batches - 1, batches);
    await readLines(second, LINES, lines);
    expect(lines).toEqual(Array.from({ length: LINES }, (_, index) => `line ${index + 1}`));

    // The step's end and the run's end reach the viewer as state.
    await client.step(runId, 0, { state: "finished", outcome: "succeeded", exitCode: 0, signal: null });
    await client.complete(runId, "succeeded");
    await expect
      .poll(async () => JSON.parse((await runFrame(second)).data!).status, { timeout: 10_000 })
      .toBe("succeeded");
  });

  it("starts where the viewer asks (after=) and sends a line printed later once", async () => {
    const { runId, client } = await claimedRun();
    await client.logs(runId, 1, [{ position: 0, stream: "stdout", text: "one\n" }]);
    const page = await org.users.viewer.client.get(`/api/orgs/${org.organizationId}/runs/${runId}/logs`);
    const after = page.body.items[0].id;
    const stream = keep(
      await EventStream.open(`${streamUrl(org.organizationId, runId)}?after=${after}`, org.users.viewer.client),
    );
    await runFrame(stream);
    await client.logs(runId, 2, [{ position: 0, stream: "stderr", text: "two\n" }]);
    const frame = await stream.nextMatching((candidate) => candidate.event === "log");
    expect(JSON.parse(frame.data!).items.map((item: { text: string }) => item.text)).toEqual(["two\n"]);
    await client.complete(runId, "succeeded");
  });

  it("is another organization's run for nobody else: 404 for a member of another organization, 401 signed out", async () => {
    const { runId, client } = await claimedRun();
    const outsider = await EventStream.open(streamUrl(org.organizationId, runId), org.users.outsider.client);
    expect(outsider.status).toBe(404);
    outsider.close();
    const ownPath = await EventStream.open(streamUrl(org.otherOrganizationId, runId), org.users.outsider.client);
    expect(ownPath.status).toBe(404);
    ownPath.close();
    const signedOut = await EventStream.open(streamUrl(org.organizationId, runId));
    expect(signedOut.status).toBe(401);
    signedOut.close();
    await client.complete(runId, "succeeded");
  });

  it("answers every caller as the permission matrix says, and an API token of every role", async () => {
    const { runId, client } = await claimedRun();
    for (const caller of CALLERS) {
      const stream = await EventStream.open(streamUrl(org.organizationId, runId), clientOf(t.app, org, caller));
      expect(stream.status, caller).toBe(expectedStatus(caller, { minimum: "viewer", success: 200 }));
      stream.close();
    }
    for (const role of API_TOKEN_ROLES) {
      const { token } = await createApiToken(org.users.owner.client, org.organizationId, { role });
      const stream = await EventStream.open(streamUrl(org.organizationId, runId), undefined, {
        authorization: `Bearer ${token}`,
      });
      expect(stream.status, role).toBe(200);
      stream.close();
    }
    await client.complete(runId, "succeeded");
  });

  it("counts in the person's ten open streams with the organization's live updates: the eleventh closes the oldest", async () => {
    const { runId, client } = await claimedRun();
    const member = org.users.editor.client;
    const events = `${baseUrlOf(t.app)}/api/orgs/${org.organizationId}/events`;
    const open: EventStream[] = [];
    for (let index = 0; index < MAX_STREAMS_PER_PERSON; index++) {
      const stream = keep(await EventStream.open(events, member));
      await stream.next();
      open.push(stream);
    }
    const view = keep(await EventStream.open(streamUrl(org.organizationId, runId), member));
    expect(view.status).toBe(200);
    await runFrame(view);
    // The oldest live-update stream is told it was replaced, then ends.
    const oldest = await open[0]!.nextMatching((frame) => frame.comments.includes("replaced by a newer stream"));
    expect(oldest.retry).toBe(60_000);
    await client.complete(runId, "succeeded");
  });
});
