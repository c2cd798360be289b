import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createServer, type Plugin } from "vite";
import type * as PagesModule from "../src/prerender/pages.tsx";
import { compressFile } from "./precompress.ts";

/** Modules larger than this (uncompressed) are not preloaded by a drawn page. */
const LARGE_MODULE_BYTES = 4 * 1024;

/** The built pages' folder in dist; the server sends prerendered/<name>.html for /<name>. */
export const PRERENDERED_DIR = "prerendered";

/**
 * After the build, draws the pages of src/prerender/pages.tsx into copies of index.html, so their
 * first paint needs no script (docs/decisions/049). The drawn markup is inert: nothing can be typed
 * or sent before the app takes its place (src/app/first-screen.ts).
 */
export function prerender(): Plugin {
  let root = "";
  let outDir = "dist";
  return {
    name: "flowdeck-prerender",
    apply: "build",
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // The pages render in Node through Vite, which resolves the app's aliases and TSX.
      const vite = await createServer({
        root,
        configFile: false,
        resolve: { alias: { "@": path.resolve(root, "src") } },
        server: { middlewareMode: true, hmr: false, watch: null },
        appType: "custom",
        logLevel: "error",
      });
      try {
        const { prerenderedPages, renderPage } = (await vite.ssrLoadModule(
          "/src/prerender/pages.tsx",
        )) as typeof PagesModule;
        const indexHtml = readFileSync(path.join(outDir, "index.html"), "utf8");
        mkdirSync(path.join(outDir, PRERENDERED_DIR), { recursive: true });
        for (const { path: pagePath, title, page } of prerenderedPages) {
          const file = path.join(outDir, PRERENDERED_DIR, `${pagePath.slice(1)}.html`);
          writeFileSync(file, drawInto(outDir, indexHtml, title, renderPage(pagePath, page)));
          compressFile(file);
        }
      } finally {
        await vite.close();
      }
    },
  };
}

function drawInto(outDir: string, indexHtml: string, title: string, markup: string): string {
  const drawn = indexHtml
    // The page is drawn: the large modules need not compete with the first paint for the link (the
    // entry fetches them itself); the small ones stay preloaded, or each would cost a round trip.
    .replace(/\s*<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>/g, (link, href: string) =>
      statSync(path.join(outDir, href)).size > LARGE_MODULE_BYTES ? "" : link,
    )
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root"><div data-prerendered inert style="display:contents">${markup}</div></div>`,
    );
  if (drawn === indexHtml || !drawn.includes("data-prerendered")) {
    throw new Error('index.html has no <title> or empty <div id="root"></div> to draw the page into');
  }
  return drawn;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
