import { setTimeout as sleep } from "node:timers/promises";
import { request } from "undici";
import { RunDetailSchema, RunLogPageSchema, type RunDetail } from "@flowdeck/shared/runs/schemas";
import { isRetryable } from "../api/api-errors.ts";
import { backoffDelayMs } from "../api/backoff.ts";
import { dispatcher, parseJson, toApiError, toUnreachable } from "../api/runner-api.ts";
import { exitCodeOf } from "./exit-codes.ts";
import type { FlowdeckApi } from "./flowdeck-api.ts";
import type { RunOutput } from "./run-output.ts";

/** The server sends a comment at least this often (SSE_HEARTBEAT_MS); silence beyond is a dead connection. */
const IDLE_MS = 90_000;
/** Reconnections in a row without an answer before giving up (about five minutes of backoff). */
const MAX_FAILED_CONNECTIONS = 10;

export type FollowOptions = {
  api: FlowdeckApi;
  runId: string;
  output: RunOutput;
  /** Told when a connection dropped and the next is being tried. */
  onReconnect?: (delayMs: number) => void;
  /** Told each time the run's state arrives. */
  onRun?: (run: RunDetail) => void;
};

/**
 * Follows a run's live stream (GET …/runs/:runId/stream, docs/decisions/059) until it ends,
 * printing its output through `output`; resolves with the ended run. A dropped connection is
 * opened again after the last chunk printed (Last-Event-ID), so nothing is printed twice or lost.
 */
export async function followRun(options: FollowOptions): Promise<RunDetail> {
  const { api, runId } = options;
  const path = await api.streamPath(runId);
  let failures = 0;
  for (;;) {
    try {
      const ended = await readStream(`${api.url}${path}`, options);
      if (ended) return await drain(options, ended);
      failures = 0;
    } catch (error) {
      if (!isRetryable(error) || ++failures > MAX_FAILED_CONNECTIONS) throw error;
    }
    const delay = failures === 0 ? 500 : backoffDelayMs(failures - 1);
    options.onReconnect?.(delay);
    // A run that ended while the connection was down is told by the new stream's first event.
    await sleep(delay);
  }
}

/** Reads one connection of the stream; resolves with the run once it has ended, or null when the connection ends first. */
async function readStream(url: string, options: FollowOptions): Promise<RunDetail | null> {
  const { api, output } = options;
  const controller = new AbortController();
  let idle = setTimeout(() => controller.abort(), IDLE_MS);
  const touch = () => {
    clearTimeout(idle);
    idle = setTimeout(() => controller.abort(), IDLE_MS);
  };
  try {
    let answer;
    try {
      answer = await request(url, {
        headers: {
          ...api.headers(),
          accept: "text/event-stream",
          ...(output.lastId > 0 ? { "last-event-id": String(output.lastId) } : {}),
        },
        signal: controller.signal,
        dispatcher: dispatcher(),
      });
    } catch (error) {
      throw toUnreachable(error, controller.signal.aborted);
    }
    if (answer.statusCode !== 200) {
      const text = await answer.body.text().catch(() => "");
      throw toApiError(answer.statusCode, answer.headers, parseJson(text));
    }
    let buffer = "";
    // A character split across two pieces is decoded whole.
    const decoder = new TextDecoder();
    try {
      for await (const piece of answer.body as AsyncIterable<Uint8Array>) {
        touch();
        buffer += decoder.decode(piece, { stream: true }).replace(/\r\n?/g, "\n");
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const ended = handleFrame(frame, options);
          if (ended) return ended;
        }
      }
    } catch (error) {
      throw toUnreachable(error, controller.signal.aborted);
    }
    return null;
  } finally {
    clearTimeout(idle);
    controller.abort();
  }
}

/** One event of the stream; the run when it says the run has ended. */
function handleFrame(frame: string, options: FollowOptions): RunDetail | null {
  let event = "message";
  const data: string[] = [];
  for (const line of frame.split("\n")) {
    if (line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "event") event = value;
    else if (field === "data") data.push(value);
  }
  if (data.length === 0) return null;
  const json = parseJson(data.join("\n"));
  if (event === "log") {
    const page = RunLogPageSchema.pick({ items: true }).safeParse(json);
    if (page.success) options.output.write(page.data.items);
    return null;
  }
  if (event === "run") {
    const run = RunDetailSchema.safeParse(json);
    if (!run.success) return null;
    options.output.setRun(run.data);
    options.onRun?.(run.data);
    return exitCodeOf(run.data.status) === null ? null : run.data;
  }
  return null;
}

/** After the end: whatever output the stream had not sent yet, read from the stored log. */
async function drain({ api, runId, output }: FollowOptions, ended: RunDetail): Promise<RunDetail> {
  for (;;) {
    const page = await api.logs(runId, output.lastId);
    output.write(page.items);
    if (page.items.length === 0) return ended;
  }
}
