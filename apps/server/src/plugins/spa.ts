import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { MESSAGES } from "@flowdeck/shared";
import type { FastifyInstance } from "fastify";
import { errorBody } from "../lib/error-body.ts";

/** Serves the built web app; / gets the landing page, any other unknown non-API GET index.html for the client router. */
export async function registerSpa(app: FastifyInstance, webDist: string) {
  if (!existsSync(path.join(webDist, "index.html"))) {
    app.log.warn({ webDist }, "The web app is not built: run `npm run build`");
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each text asset (apps/web/build/precompress.ts).
    preCompressed: true,
    // Our own header below: the plugin's default (max-age=0) would overwrite it.
    cacheControl: false,
    setHeaders: (response, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      response.setHeader("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      // One URL, a Brotli, gzip or plain body: caches must key on the encoding asked for.
      response.setHeader("vary", "accept-encoding");
    },
  });
  // A first visit to / gets the landing page alone, without the app (docs/decisions/046).
  const landing = existsSync(path.join(webDist, "landing.html")) ? "landing.html" : "index.html";
  app.get("/", (_request, reply) => {
    reply.header("cache-control", "no-cache");
    return reply.sendFile(landing);
  });
  // Pages the build drew in advance (apps/web/build/prerender.ts, docs/decisions/049): /login gets
  // prerendered/login.html, which paints the page before any script runs.
  for (const file of prerenderedFiles(webDist)) {
    app.get(`/${file.replace(/\.html$/, "")}`, (_request, reply) => {
      reply.header("cache-control", "no-cache");
      return reply.sendFile(`${PRERENDERED_DIR}/${file}`);
    });
  }
  // Pages of the app's shell: index.html that also preloads the shell's and the page's code
  // (apps/web/build/page-preloads.ts, docs/decisions/083); the router matches `:param` segments.
  for (const page of preloadingPages(webDist)) {
    app.get(page.path, (_request, reply) => {
      reply.header("cache-control", "no-cache");
      return reply.sendFile(page.file);
    });
  }
  app.get("/*", (request, reply) => {
    const file = request.url.split("?")[0] ?? "/";
    if (file.startsWith("/api/") || /\.[a-z0-9]+$/i.test(file)) {
      return reply.status(404).send(errorBody("not-found", MESSAGES.notFound));
    }
    reply.header("cache-control", "no-cache");
    return reply.sendFile("index.html");
  });
}

/** The build's folder of drawn pages, one <path>.html per page (apps/web/build/prerender.ts). */
const PRERENDERED_DIR = "prerendered";

function prerenderedFiles(webDist: string): string[] {
  const dir = path.join(webDist, PRERENDERED_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((file) => /^[a-z-]+\.html$/.test(file));
}

/** The build's table of the shell's pages, each with its copy of index.html (apps/web/build/page-preloads.ts). */
function preloadingPages(webDist: string): Array<{ path: string; file: string }> {
  const table = path.join(webDist, "pages", "pages.json");
  if (!existsSync(table)) return [];
  return JSON.parse(readFileSync(table, "utf8")) as Array<{ path: string; file: string }>;
}
