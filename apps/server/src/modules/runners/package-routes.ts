import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { AppError } from "@flowdeck/shared";
import { RUNNER_PACKAGE_PATH } from "@flowdeck/shared/runners/install";
import type { FastifyPluginAsync } from "fastify";

export const RUNNER_PACKAGE_MESSAGES = {
  notBuilt: "The runner package is not built on this server: run `npm run build` in the Flowdeck checkout",
} as const;

/**
 * GET /runner/flowdeck-runner.tgz (docs/decisions/063): the runner as an npm package tarball with
 * every dependency bundled in, built with this server (apps/runner/pack.js) and of its version, so
 * `npx -y <APP_URL>/runner/flowdeck-runner.tgz register …` needs no registry and no checkout. Public:
 * the program holds nothing secret; registering still takes a token. Read once per build (the
 * file's modification time), with an ETag, and revalidated each time so an update is fetched.
 */
export function runnerPackageRoutes(file: string): FastifyPluginAsync {
  let cached: { mtimeMs: number; body: Buffer; etag: string } | undefined;
  async function load() {
    const info = await stat(file).catch(() => undefined);
    if (!info) throw new AppError("not-found", RUNNER_PACKAGE_MESSAGES.notBuilt);
    if (cached?.mtimeMs !== info.mtimeMs) {
      const body = await readFile(file);
      cached = { mtimeMs: info.mtimeMs, body, etag: `"${createHash("sha256").update(body).digest("base64url")}"` };
    }
    return cached;
  }
  return async (app) => {
    app.get(RUNNER_PACKAGE_PATH, async (request, reply) => {
      const { body, etag } = await load();
      reply.header("etag", etag).header("cache-control", "no-cache");
      if (request.headers["if-none-match"] === etag) return reply.status(304).send();
      return reply
        .type("application/gzip")
        .header("content-disposition", 'attachment; filename="flowdeck-runner.tgz"')
        .send(body);
    });
  };
}
