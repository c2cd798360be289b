import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Auth } from "./auth.ts";
import { CLIENT_IP_HEADER } from "./auth.ts";

/** Hands /api/auth/* to better-auth (sign-in, sign-out, password reset, OAuth callbacks). */
export function registerAuthRoutes(app: FastifyInstance, auth: Auth, options: { trustProxy: boolean }) {
  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    config: { public: true },
    handler: async (request, reply) => sendWebResponse(reply, await auth.handler(toWebRequest(request, options))),
  });
}

export function toWebRequest(request: FastifyRequest, options: { trustProxy: boolean }): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key === CLIENT_IP_HEADER) continue;
    if (!options.trustProxy && key.startsWith("x-forwarded-")) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(key, item);
  }
  // request.ip honours TRUST_PROXY, so rate limits key on the real client, not a forged header.
  headers.set(CLIENT_IP_HEADER, request.ip);
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const hasBody = request.method !== "GET" && request.method !== "HEAD" && request.body !== undefined;
  return new Request(url, {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(request.body) : undefined,
  });
}

export async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== "set-cookie") reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  return reply.send(response.body ? await response.text() : null);
}
