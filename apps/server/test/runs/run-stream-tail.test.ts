import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { baseUrlOf, EventStream, streamsClosedAfterEach, type SseFrame } from "../helpers/sse-client.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createLinuxWorkflow, queueRun, registerRunner, type RunnerClient } from "../runners/runner-client.ts";

/**
 * GET …/runs/:runId/stream?tail=<bytes>: a long run's output tail first (issue 33 item 6). The
 * stream sends the run, an `earlier` event naming the last chunk it left out and the bytes left
 * out per step, then the chunks of the tail and what comes later; GET …/logs?until= reads the rest.
 */
let t: TestApp;
let org: OrgWithRoles;
const { keep } = streamsClosedAfterEach();

beforeAll(async () => {
  t = await createTestApp({ listen: true, env: { RUNNER_CLAIM_HOLD_SECONDS: "1" } });
  org = await createOrgWithRoles(t.app);
});
afterAll(() => t.close());

type Chunk = { id: number; position: number; text: string };

/** A 1,000-byte chunk of ten 100-byte lines, numbered from `first`. */
const chunkText = (first: number) =>
  Array.from({ length: 10 }, (_, line) => `line ${first + line}`.padEnd(99, ".") + "\n").join("");

async function claimedRun(commands = ["seq 20000"]): Promise<{ runId: string; client: RunnerClient }> {
  const { client } = await registerRunner(t.app, org.users.admin.client, org.organizationId);
  const workflow = await createLinuxWorkflow(org.users.editor.client, org.organizationId, commands);
  const runId = await queueRun(org.users.editor.client, org.organizationId, workflow.id);
  const claim = await client.claim();
  expect(claim.body.job.runId).toBe(runId);
  return { runId, client };
}

/** Sends `count` chunks of 1,000 bytes to a step, one batch each. */
async function print(client: RunnerClient, runId: string, options: { from: number; count: number; position?: number }) {
  for (let index = 0; index < options.count; index++) {
    const number = options.from + index;
    const chunk = { position: options.position ?? 0, stream: "stdout", text: chunkText((number - 1) * 10 + 1) };
    expect((await client.logs(runId, number, [chunk])).status).toBe(200);
  }
}

const open = async (runId: string, query: string, headers: Record<string, string> = {}) => {
  const url = `${baseUrlOf(t.app)}/api/orgs/${org.organizationId}/runs/${runId}/stream${query}`;
  const stream = keep(await EventStream.open(url, org.users.viewer.client, headers));
  expect(stream.status).toBe(200);
  return stream;
};
/** The next named event (heartbeats and the retry frame skipped). */
const nextEvent = (stream: EventStream): Promise<SseFrame> => stream.nextMatching((frame) => frame.event !== undefined);
const chunksOf = (frame: SseFrame) => (JSON.parse(frame.data!) as { items: Chunk[] }).items;

async function readChunks(stream: EventStream, count: number) {
  const chunks: Chunk[] = [];
  while (chunks.length < count) {
    const frame = await nextEvent(stream);
    expect(frame.event).toBe("log");
    chunks.push(...chunksOf(frame));
  }
  return chunks;
}

async function allChunks(runId: string, query = "") {
  const page = await org.users.viewer.client.get(
    `/api/orgs/${org.organizationId}/runs/${runId}/logs?limit=5000${query}`,
  );
  expect(page.status).toBe(200);
  return page.body.items as Chunk[];
}

describe("the run stream, tail first", () => {
  it("sends only the last chunks within the tail's bytes, says what it left out, and the logs route reads the rest", async () => {
    const { runId, client } = await claimedRun();
    await print(client, runId, { from: 1, count: 20 });
    const stored = await allChunks(runId);
    expect(stored).toHaveLength(20);

    const stream = await open(runId, "?after=0&tail=3500");
    expect((await nextEvent(stream)).event).toBe("run");
    const earlier = await nextEvent(stream);
    expect(earlier.event).toBe("earlier");
    expect(JSON.parse(earlier.data!)).toEqual({ until: stored[16]!.id, steps: [{ position: 0, bytes: 17_000 }] });
    const tail = await readChunks(stream, 3);
    expect(tail.map((chunk) => chunk.id)).toEqual(stored.slice(17).map((chunk) => chunk.id));

    // What was left out, read up to the chunk the stream named: with the tail, every line once, in order.
    const rest = await allChunks(runId, `&until=${stored[16]!.id}`);
    expect(rest.map((chunk) => chunk.id)).toEqual(stored.slice(0, 17).map((chunk) => chunk.id));
    const lines = [...rest, ...tail].flatMap((chunk) => chunk.text.split("\n").filter(Boolean));
    expect(lines.map((line) => line.replace(/\.+$/, ""))).toEqual(
      Array.from({ length: 200 }, (_, index) => `line ${index + 1}`),
    );

    // Output printed later comes once, after the tail.
    await print(client, runId, { from: 21, count: 1 });
    expect((await readChunks(stream, 1)).map((chunk) => chunk.text)).toEqual([chunkText(201)]);
    await client.complete(runId, "succeeded");
  });

  it("sends the last chunk even when it alone is larger than the tail", async () => {
    const { runId, client } = await claimedRun();
    await print(client, runId, { from: 1, count: 3 });
    const stored = await allChunks(runId);
    const stream = await open(runId, "?tail=10");
    await nextEvent(stream);
    expect(JSON.parse((await nextEvent(stream)).data!)).toMatchObject({ until: stored[1]!.id });
    expect((await readChunks(stream, 1)).map((chunk) => chunk.id)).toEqual([stored[2]!.id]);
    await client.complete(runId, "succeeded");
  });

  it("sends all the output, with no `earlier` event, when it fits in the tail", async () => {
    const { runId, client } = await claimedRun();
    await print(client, runId, { from: 1, count: 3 });
    const stream = await open(runId, "?after=0&tail=3000");
    expect((await nextEvent(stream)).event).toBe("run");
    expect((await readChunks(stream, 3)).map((chunk) => chunk.text)).toEqual([1, 11, 21].map(chunkText));
    await client.complete(runId, "succeeded");
  });

  it("counts the bytes left out step by step", async () => {
    const { runId, client } = await claimedRun(["seq 100", "seq 200"]);
    await print(client, runId, { from: 1, count: 4, position: 0 });
    await print(client, runId, { from: 5, count: 4, position: 1 });
    const stream = await open(runId, "?tail=2000");
    await nextEvent(stream);
    expect(JSON.parse((await nextEvent(stream)).data!).steps).toEqual([
      { position: 0, bytes: 4_000 },
      { position: 1, bytes: 2_000 },
    ]);
    expect(await readChunks(stream, 2)).toEqual([
      expect.objectContaining({ position: 1, text: chunkText(61) }),
      expect.objectContaining({ position: 1, text: chunkText(71) }),
    ]);
    await client.complete(runId, "succeeded");
  });

  it("resumes after the last chunk a reconnecting browser holds, whatever the tail", async () => {
    const { runId, client } = await claimedRun();
    await print(client, runId, { from: 1, count: 5 });
    const stored = await allChunks(runId);
    const stream = await open(runId, "?after=0&tail=1000", { "last-event-id": String(stored[1]!.id) });
    expect((await nextEvent(stream)).event).toBe("run");
    expect((await readChunks(stream, 3)).map((chunk) => chunk.id)).toEqual(stored.slice(2).map((chunk) => chunk.id));
    await client.complete(runId, "succeeded");
  });

  it("refuses a tail that is not a positive number of bytes", async () => {
    const { runId, client } = await claimedRun();
    const response = await org.users.viewer.client.get(`/api/orgs/${org.organizationId}/runs/${runId}/stream?tail=0`);
    expect(response.status).toBe(400);
    await client.complete(runId, "succeeded");
  });
});
