import { AppError, MESSAGES } from "@flowdeck/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { bearerApiToken } from "./actor/identify-token.ts";
import { isYamlType } from "./yaml-body.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * A public route another system calls (a webhook's URL): no origin check and any body type.
     * Such a route reads no cookie and proves its caller itself.
     */
    inbound?: true;
  }
}

/** Methods that never change state; every other method is treated as state-changing. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const API_PREFIX = "/api/";

/**
 * State-changing /api requests must come from our own pages: JSON (or multipart for uploads, or
 * YAML for the import) bodies only, and never from another origin. Together with SameSite cookies this stops
 * cross-site request forgery; GET never changes state.
 */
export function registerRequestGuards(app: FastifyInstance, options: { appUrl: string }) {
  const appOrigin = new URL(options.appUrl).origin;
  app.addHook("onRequest", async (request) => {
    // The router decodes the path, so `/%61pi/me` reaches the `/api/me` handler. The hooks that
    // follow (sign-in, tenancy) recognise /api by its spelling: only the canonical one is served.
    const routeUrl = request.routeOptions.url;
    if (routeUrl?.startsWith(API_PREFIX) && !request.url.startsWith(API_PREFIX)) {
      throw new AppError("not-found", MESSAGES.notFound);
    }
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith(API_PREFIX)) return;
    // A webhook is called by another system (GitHub, a CI job, an alert), with whatever body type it
    // sends: its URL's secret and signature are the proof, and no cookie is read, so no forgery.
    if (request.routeOptions.config.inbound) return;
    // A bearer token is sent by a script, never by a browser on its own: cross-site forgery, which
    // rides on cookies, cannot use it.
    if (!bearerApiToken(request.headers.authorization)) refuseCrossSite(request, appOrigin);
    const type = request.headers["content-type"];
    const hasBody = Number(request.headers["content-length"] ?? 0) > 0 || request.headers["transfer-encoding"];
    // A YAML document goes only to the route that reads one (not a type a cross-site form can send).
    const yaml = request.routeOptions.config?.yamlBody === true && isYamlType(type);
    if (hasBody && !yaml && !/^(application\/json|multipart\/form-data)\s*(;|$)/i.test(type ?? "")) {
      throw new AppError("invalid-argument", MESSAGES.jsonOnly);
    }
  });
}

function refuseCrossSite(request: FastifyRequest, appOrigin: string) {
  if (request.headers["sec-fetch-site"] === "cross-site") {
    throw new AppError("permission-denied", MESSAGES.crossOrigin);
  }
  const origin = request.headers.origin;
  if (origin && origin !== appOrigin && origin !== ownOrigin(request)) {
    throw new AppError("permission-denied", MESSAGES.crossOrigin);
  }
}

function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}
