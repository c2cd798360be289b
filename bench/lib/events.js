/**
 * The organization's Server-Sent Events stream, read as the browser reads it. Resolves once the
 * server says it is subscribed (every later change is then heard); `onChange` gets each change.
 */
export async function openEventStream(url, session, onChange) {
  const controller = new AbortController();
  const response = await fetch(`${url}/api/orgs/${session.organizationId}/events`, {
    headers: { cookie: session.cookie, accept: "text/event-stream" },
    signal: controller.signal,
  });
  if (!response.ok) throw new Error(`the event stream answered ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let connected;
  const subscribed = new Promise((resolve) => (connected = resolve));

  const pump = async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let end;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const message = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (message.includes(": connected")) connected();
        const data = /^data: (.*)$/m.exec(message)?.[1];
        if (data) onChange(JSON.parse(data));
      }
    }
  };
  const pumping = pump().catch((error) => {
    if (error.name !== "AbortError") throw error;
  });
  await subscribed;
  return {
    close: async () => {
      controller.abort();
      await pumping;
    },
  };
}
