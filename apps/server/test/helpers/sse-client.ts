import type { LiveEvent } from "@flowdeck/shared";
import type { FastifyInstance } from "fastify";
import { afterEach } from "vitest";
import type { TestClient } from "./http-client.ts";

/** One block of an event stream, up to its blank line. */
export type SseFrame = { id?: string; event?: string; data?: string; retry?: number; comments: string[] };

const ORIGIN = "http://localhost:3000";

/** The base URL of an app started with `app.listen({ port: 0, host: "127.0.0.1" })`. */
export function baseUrlOf(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("the app is not listening on a TCP port");
  return `http://127.0.0.1:${address.port}`;
}

/**
 * A Server-Sent Events client over real HTTP, like the browser's EventSource: it sends the session
 * cookie of a TestClient and reads frames one at a time. Always close() it.
 */
export class EventStream {
  private readonly frames: SseFrame[] = [];
  private readonly seen: SseFrame[] = [];
  private waiter: (() => void) | undefined;
  private ended = false;
  private failure: unknown;

  private constructor(
    readonly response: Response,
    private readonly controller: AbortController,
  ) {
    if (response.ok && response.body) void this.read(response.body);
    else this.ended = true;
  }

  static async open(url: string, client?: TestClient, extraHeaders: Record<string, string> = {}): Promise<EventStream> {
    const controller = new AbortController();
    const headers: Record<string, string> = { accept: "text/event-stream", origin: ORIGIN, ...extraHeaders };
    if (client?.cookieHeader) headers.cookie = client.cookieHeader;
    // A script's client (bearerClient): its token, and no Origin, as curl would send.
    if (client?.headers.authorization) {
      headers.authorization = client.headers.authorization;
      delete headers.origin;
    }
    const response = await fetch(url, { headers, signal: controller.signal });
    return new EventStream(response, controller);
  }

  get status() {
    return this.response.status;
  }

  /** The next frame, in order; rejects after `timeoutMs` with the frames seen so far. */
  async next(timeoutMs = 5_000): Promise<SseFrame> {
    const deadline = Date.now() + timeoutMs;
    while (this.frames.length === 0) {
      if (this.ended) throw new Error(`the stream ended${this.failure ? `: ${String(this.failure)}` : ""}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no frame within ${timeoutMs} ms; the last ones: ${JSON.stringify(this.seen)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    return this.frames.shift() as SseFrame;
  }

  /** Skips frames until one matches (heartbeats, for instance). */
  async nextMatching(predicate: (frame: SseFrame) => boolean, timeoutMs = 5_000): Promise<SseFrame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const frame = await this.next(Math.max(deadline - Date.now(), 1));
      if (predicate(frame)) return frame;
    }
  }

  /** The next `event: change` frame's data, skipping comments. */
  async nextChange(timeoutMs = 5_000): Promise<LiveEvent> {
    const frame = await this.nextMatching((candidate) => candidate.event === "change", timeoutMs);
    return JSON.parse(frame.data ?? "null") as LiveEvent;
  }

  close() {
    this.controller.abort();
  }

  private async read(body: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true }).replace(/\r\n?/g, "\n");
        let end: number;
        while ((end = buffer.indexOf("\n\n")) !== -1) {
          this.push(parseFrame(buffer.slice(0, end)));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch (error) {
      if (!this.controller.signal.aborted) this.failure = error;
    } finally {
      this.ended = true;
      this.waiter?.();
    }
  }

  private push(frame: SseFrame) {
    this.frames.push(frame);
    this.seen.push(frame);
    if (this.seen.length > 20) this.seen.shift();
    this.waiter?.();
  }
}

function parseFrame(block: string): SseFrame {
  const frame: SseFrame = { comments: [] };
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) {
      frame.comments.push(line.slice(1).trim());
      continue;
    }
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "id") frame.id = value;
    else if (field === "event") frame.event = value;
    else if (field === "data") frame.data = frame.data === undefined ? value : `${frame.data}\n${value}`;
    else if (field === "retry") frame.retry = Number(value);
  }
  return frame;
}

/** Opens the organization's event stream and waits until the server has subscribed it. */
export async function subscribe(app: FastifyInstance, orgId: string, client: TestClient): Promise<EventStream> {
  const stream = await EventStream.open(`${baseUrlOf(app)}/api/orgs/${orgId}/events`, client);
  if (stream.status !== 200) {
    stream.close();
    throw new Error(`subscribing to ${orgId} answered ${stream.status}`);
  }
  const first = await stream.next();
  if (!first.comments.includes("connected")) {
    stream.close();
    throw new Error(`the stream did not start with ': connected': ${JSON.stringify(first)}`);
  }
  return stream;
}

/** Polls until `check` is true, for what can only be observed from outside (another process). */
export async function waitUntil(check: () => Promise<boolean>, timeoutMs = 10_000, what = "the condition") {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * The streams a test file opens, each closed when its test ends: call once at the top of the file
 * (it adds a vitest afterEach). `listen` subscribes as `user` the way `subscribe` does; `keep`
 * takes a stream opened otherwise.
 */
export function streamsClosedAfterEach() {
  const streams: EventStream[] = [];
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });
  const keep = (stream: EventStream) => {
    streams.push(stream);
    return stream;
  };
  const listen = async (app: FastifyInstance, orgId: string, user: { client: TestClient }) =>
    keep(await subscribe(app, orgId, user.client));
  return { listen, keep };
}
