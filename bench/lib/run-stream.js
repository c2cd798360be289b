/**
 * A run's own event stream (GET /api/orgs/:orgId/runs/:runId/stream, decision 059), read as the
 * run view reads it: `onRun` gets the run at once and on each change, `onLog` each batch of new
 * output chunks. Resolves once the stream is open.
 */
export async function openRunStream(url, session, runId, { onRun = () => {}, onLog = () => {} } = {}) {
  const controller = new AbortController();
  const response = await fetch(`${url}/api/orgs/${session.organizationId}/runs/${runId}/stream`, {
    headers: { cookie: session.cookie, accept: "text/event-stream" },
    signal: controller.signal,
  });
  if (!response.ok) throw new Error(`the run stream answered ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let frames = 0;
  const pumping = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let end;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const message = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const type = /^event: (.*)$/m.exec(message)?.[1];
        const data = /^data: (.*)$/m.exec(message)?.[1];
        if (!type || !data) continue;
        frames++;
        if (type === "run") onRun(JSON.parse(data));
        if (type === "log") onLog(JSON.parse(data).items);
      }
    }
  })().catch((error) => {
    if (error.name !== "AbortError") throw error;
  });
  return {
    frames: () => frames,
    close: async () => {
      controller.abort();
      await pumping;
    },
  };
}
