import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { AppError } from "@flowdeck/shared";
import { RUNNER_PACKAGE_PATH, versionedRunnerPackagePath } from "@flowdeck/shared/runners/install";
import { FLOWDECK_VERSION } from "@flowdeck/shared/version";
import type { FastifyPluginAsync } from "fastify";

export const RUNNER_PACKAGE_MESSAGES = {
  notBuilt: "The runner package is not built on this server: run `npm run build` in the Flowdeck checkout",
  notFound: `This server serves flowdeck-runner.tgz and flowdeck-runner-${FLOWDECK_VERSION}.tgz only`,
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
    // The same file under its version's name too: npx keeps what it first fetched from a URL, so a
    // runner that is older than the server names this one to update (docs/decisions/063).
    const paths = [RUNNER_PACKAGE_PATH, versionedRunnerPackagePath(FLOWDECK_VERSION)];
    app.get<{ Params: { file: string } }>("/runner/:file", async (request, reply) => {
      if (!paths.includes(`/runner/${request.params.file}`)) {
        throw new AppError("not-found", RUNNER_PACKAGE_MESSAGES.notFound);
      }
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
