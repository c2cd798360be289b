import { vi } from "vitest";

/** What the component sent: the first request unless told which. */
export type SentRequest = { url: string; method: string | undefined; headers: HeadersInit | undefined; body: unknown };

/**
 * Stands in for the server: every request is answered with `body` as JSON (or with what `body`
 * returns for the request's address) and kept, so a test can look at what a form sent. The
 * stand-in is removed after each test (testing/setup.ts).
 */
export function answerRequests(body: unknown, status = 200) {
  const answer = (url: string) => (typeof body === "function" ? (body as (url: string) => unknown)(url) : body);
  const fetch = vi.fn(async (url: string, _init?: RequestInit) => Response.json(answer(url), { status }));
  vi.stubGlobal("fetch", fetch);
  const sent = (index = 0): SentRequest => {
    const [url, init = {}] = fetch.mock.calls[index] ?? [""];
    const raw = init.body;
    return { url, method: init.method, headers: init.headers, body: typeof raw === "string" ? parseJson(raw) : raw };
  };
  return { fetch, sent };
}

/** A JSON body as its value; any other text (a YAML document) as it was sent. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
