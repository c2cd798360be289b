import type { FastifyInstance } from "fastify";
import type { TestClient } from "./http-client.ts";

/**
 * GETs a file (a download, a logo, an avatar): TestClient decodes bodies as text, so this reads
 * the raw bytes through inject(), with the client's session when there is one.
 */
export async function getFile(app: FastifyInstance, client: TestClient | undefined, url: string, headers = {}) {
  const response = await app.inject({
    method: "GET",
    url,
    headers: { ...(client?.cookieHeader ? { cookie: client.cookieHeader } : {}), ...headers },
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    bytes: response.rawPayload,
    json: safeJson(response.body),
  };
}

function safeJson(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
