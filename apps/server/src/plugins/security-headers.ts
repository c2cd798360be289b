import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

function options(scriptHashes: string[]): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        "default-src": ["'self'"],
        "img-src": ["'self'", "data:", "blob:"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "script-src": ["'self'", ...scriptHashes.map((hash) => `'${hash}'`)],
        "connect-src": ["'self'"],
        "upgrade-insecure-requests": null,
      },
    },
  };
}

/**
 * helmet's security headers on every response (CSP, HSTS, nosniff, frame and referrer policies…),
 * set on the raw response before the route runs, so streams and errors carry them too.
 * The middleware is built once here: @fastify/helmet built it again, directives parsed, on every
 * request (about 7 % of a signed-in GET's CPU). Scripts run only from our origin, and the inline
 * scripts of the built index.html by their hashes (the theme's, before the first paint:
 * apps/web/build/inline-first-paint.ts, docs/decisions/084).
 */
export function registerSecurityHeaders(app: FastifyInstance, webDist: string) {
  const setHeaders = helmet(options(inlineScriptHashes(webDist)));
  app.addHook("onRequest", (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
}

/** `sha256-…` of each inline <script> of the web app's index.html (none when the app is not built). */
export function inlineScriptHashes(webDist: string): string[] {
  const file = path.join(webDist, "index.html");
  if (!existsSync(file)) return [];
  const scripts = readFileSync(file, "utf8").matchAll(/<script>([\s\S]*?)<\/script>/g);
  return [...scripts].map(
    ([, body]) =>
      `sha256-${createHash("sha256")
        .update(body ?? "")
        .digest("base64")}`,
  );
}
