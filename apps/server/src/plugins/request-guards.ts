import { AppError, MESSAGES } from "@flowdeck/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * State-changing /api requests must come from our own pages: JSON (or multipart for uploads)
 * bodies only, and never from another origin. Together with SameSite cookies this stops
 * cross-site request forgery; GET never changes state.
 */
export function registerRequestGuards(app: FastifyInstance, options: { appUrl: string }) {
  const appOrigin = new URL(options.appUrl).origin;
  app.addHook("onRequest", async (request) => {
    if (!STATE_CHANGING.has(request.method) || !request.url.startsWith("/api/")) return;
    if (request.headers["sec-fetch-site"] === "cross-site")
      throw new AppError("permission-denied", MESSAGES.crossOrigin);
    const origin = request.headers.origin;
    if (origin && origin !== appOrigin && origin !== ownOrigin(request)) {
      throw new AppError("permission-denied", MESSAGES.crossOrigin);
    }
    const type = request.headers["content-type"];
    const hasBody = Number(request.headers["content-length"] ?? 0) > 0 || request.headers["transfer-encoding"];
    if (hasBody && !/^(application\/json|multipart\/form-data)\b/i.test(type ?? "")) {
      throw new AppError("invalid-argument", MESSAGES.jsonOnly);
    }
  });
}

function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}
