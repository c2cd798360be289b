import type { FastifyReply, FastifyRequest } from "fastify";

/** One Server-Sent Events stream to one client. */
export type EventStream = {
  /** An event of `type` with JSON `data`; `id` becomes the browser's Last-Event-ID on reconnect. */
  send: (type: string, data: unknown, id?: number) => void;
  close: () => void;
  /** Ends the stream with a last word (a `retry` and a comment). */
  end: (text: string) => void;
  onClose: (listener: () => void) => void;
  readonly closed: boolean;
};

/**
 * Takes over the reply as an event stream: the headers, a comment every `heartbeatMs` so proxies
 * keep it open, and `retry` for the browser's reconnect. Null when the client already left.
 */
export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { heartbeatMs: number; retryMs: number },
): EventStream | null {
  reply.hijack();
  const raw = reply.raw;
  if (request.raw.socket?.destroyed || raw.destroyed) return null;
  // helmet's headers are already on the raw response, so the stream carries them too.
  raw.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-transform",
    connection: "keep-alive",
    "x-accel-buffering": "no",
    "x-content-type-options": "nosniff",
  });
  let closed = false;
  const listeners: (() => void)[] = [];
  const heartbeat = setInterval(() => raw.write(`: heartbeat\n\n`), options.heartbeatMs);
  raw.on("close", () => {
    closed = true;
    clearInterval(heartbeat);
    for (const listener of listeners) listener();
  });
  raw.write(`retry: ${options.retryMs}\n\n`);
  return {
    send(type, data, id) {
      if (closed) return;
      raw.write(`${id === undefined ? "" : `id: ${id}\n`}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    close: () => raw.end(),
    end: (text) => raw.end(text),
    onClose: (listener) => void listeners.push(listener),
    get closed() {
      return closed;
    },
  };
}
