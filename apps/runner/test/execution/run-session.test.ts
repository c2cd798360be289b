import type { Job, LogBatch, LogBatchResponse } from "@flowdeck/shared/runners/protocol";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/api/api-errors.ts";
import type { RunnerApi } from "../../src/api/runner-api.ts";
import { RunSession } from "../../src/execution/run-session.ts";

const job: Job = {
  runId: "run-1",
  organizationId: "org-1",
  workflowId: "wf-1",
  workflowName: "Nightly",
  platform: "linux",
  timeoutSeconds: 60,
  env: {},
  secrets: {},
  steps: [],
  completeTakesStep: false,
};

/**
 * The server's side of POST /runs/:id/logs as far as the session sees it: stores each number
 * once, and answers `refuse(batch)`'s error instead when it gives one.
 */
function serverThat(refuse: (batch: LogBatch) => ApiError | null) {
  const stored: LogBatch[] = [];
  const api = {
    baseUrl: "https://flowdeck.example.com",
    sendLogs: async (_runId: string, batch: LogBatch): Promise<LogBatchResponse> => {
      const error = refuse(batch);
      if (error) throw error;
      if (!stored.some((earlier) => earlier.seq === batch.seq)) stored.push(batch);
      return { cancel: false, reason: null, nextSeq: stored.length + 1 };
    },
  } as unknown as RunnerApi;
  const said: string[] = [];
  const session = new RunSession({ job, api, say: (message) => said.push(message), onFatal: () => undefined });
  const text = () => stored.flatMap((batch) => batch.chunks.map((chunk) => chunk.text)).join("");
  return { session, said, text, stored };
}

describe("a run's session with the server", () => {
  it("leaves out a batch the server refuses with 400, says so in the log, and goes on with the run", async () => {
    const server = serverThat((batch) =>
      batch.chunks.some((chunk) => chunk.text.includes("bad"))
        ? new ApiError(400, "invalid-argument", "Invalid value")
        : null,
    );
    server.session.logs.write(0, "stdout", "bad output\n");
    await server.session.logs.flush();
    server.session.logs.write(1, "stdout", "next step\n");
    await server.session.logs.flush();

    expect(server.session.abandoned).toBe(false);
    expect(server.session.stopReason).toBeNull();
    expect(server.text()).toBe("[flowdeck-runner] Flowdeck refused 11 bytes of output: Invalid value\nnext step\n");
    // The refused batch's number went to the line in its place: no gap.
    expect(server.stored.map((batch) => batch.seq)).toEqual([1, 2]);
    expect(server.said.join("\n")).toContain("a batch of output was refused and left out (Invalid value)");
  });

  it("abandons the run when the server says it is gone", async () => {
    const server = serverThat(() => new ApiError(404, "not-found", "Run not found"));
    server.session.logs.write(0, "stdout", "anything\n");
    await server.session.logs.flush();
    expect(server.session.abandoned).toBe(true);
    expect(server.session.stopReason).toBe("cancelled");
  });

  it("sends NUL as U+FFFD", async () => {
    const server = serverThat(() => null);
    server.session.logs.write(0, "stdout", "a\u0000b\n");
    await server.session.logs.flush();
    expect(server.text()).toBe("a\uFFFDb\n");
  });
});
