import { AppError, MESSAGES } from "@flowdeck/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AUTH_ENDPOINTS } from "./auth-endpoints.ts";
import type { Auth } from "./auth.ts";
import { CLIENT_IP_HEADER } from "./auth.ts";
import { toErrorBody } from "./auth-errors.ts";
import { perEmailLimit } from "../../lib/rate-limits.ts";

/** Hands the allowed /api/auth endpoints (sign-in, sign-out, password reset, OAuth) to better-auth. */
export function registerAuthRoutes(
  app: FastifyInstance,
  auth: Auth,
  options: { trustProxy: boolean; abuseRateLimit: number },
) {
  // better-auth limits by client address (auth.ts); a reset mail also costs its recipient, so
  // each address may be sent ABUSE_RATE_LIMIT a minute, from however many clients, on every instance.
  const perAddress: Partial<Record<string, ReturnType<FastifyInstance["rateLimit"]>>> = {
    "POST /request-password-reset": app.rateLimit(perEmailLimit("password-reset", options.abuseRateLimit)),
  };
  for (const endpoint of AUTH_ENDPOINTS) {
    if (endpoint.routedBy) continue;
    const limit = perAddress[`${endpoint.method} ${endpoint.path}`];
    app.route({
      method: endpoint.method,
      url: `/api/auth${endpoint.path}`,
      config: { public: true },
      ...(limit ? { preHandler: limit } : {}),
      handler: async (request, reply) =>
        sendWebResponse(reply, await auth.handler(toWebRequest(request, options)), request),
    });
  }
  // The rest of better-auth does not exist here, for signed-in and signed-out callers alike.
  app.all("/api/auth/*", { config: { public: true } }, async () => {
    throw new AppError("not-found", MESSAGES.notFound);
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

/**
 * Copies better-auth's answer onto the reply. Its error answers are rewritten into Flowdeck's one
 * error shape with the specification's texts, so the web app handles every error the same way.
 */
export async function sendWebResponse(reply: FastifyReply, response: Response, request: FastifyRequest) {
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    // Fastify sets the length of what is actually sent, which differs for a rewritten error.
    if (key !== "set-cookie" && key !== "content-length") reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  const retryAfter = response.headers.get("x-retry-after");
  if (retryAfter) reply.header("retry-after", retryAfter);

  const text = response.body ? await response.text() : "";
  if (response.status < 400) return reply.send(text === "" ? null : text);
  const body = request.body as { provider?: unknown } | undefined;
  return reply
    .type("application/json; charset=utf-8")
    .send(toErrorBody(response.status, parseJson(text), { provider: body?.provider }));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
