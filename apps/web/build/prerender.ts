import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createServer, type Plugin, type ResolvedConfig } from "vite";
import type * as ScreensModule from "../src/prerender/drawn-screens.tsx";
import { compressFile } from "./precompress.ts";

/** Modules larger than this (uncompressed) are not preloaded by a drawn page (not a loading frame). */
const LARGE_MODULE_BYTES = 4 * 1024;

/**
 * After the build, draws the screens of src/prerender/drawn-screens.tsx into copies of index.html (and
 * index.html itself), so their first paint needs no script (docs/decisions/049). The drawn markup
 * is inert: nothing can be typed or sent before the app takes its place (src/app/first-screen.ts).
 */
export function prerender(): Plugin {
  let root = "";
  let outDir = "dist";
  let alias: ResolvedConfig["resolve"]["alias"] = [];
  return {
    name: "flowdeck-prerender",
    apply: "build",
    configResolved(config) {
      root = config.root;
      alias = config.resolve.alias;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // The screens render in Node through Vite, with the build's aliases (vite.config.ts).
      const vite = await createServer({
        root,
        configFile: false,
        resolve: { alias },
        server: { middlewareMode: true, hmr: false, watch: null },
        appType: "custom",
        logLevel: "error",
      });
      try {
        const { drawnScreens, renderScreen } = (await vite.ssrLoadModule(
          "/src/prerender/drawn-screens.tsx",
        )) as typeof ScreensModule;
        // Read before index.html itself is drawn: every screen starts from the empty page.
        const emptyPage = readFileSync(path.join(outDir, "index.html"), "utf8");
        for (const screen of drawnScreens) {
          const file = path.join(outDir, screen.file);
          mkdirSync(path.dirname(file), { recursive: true });
          writeFileSync(file, drawInto(outDir, emptyPage, screen, renderScreen(screen)));
          compressFile(file);
        }
      } finally {
        await vite.close();
      }
    },
  };
}

function drawInto(outDir: string, emptyPage: string, screen: ScreensModule.DrawnScreen, markup: string): string {
  // A drawn page: the large modules need not compete with its first paint for the link (the entry
  // fetches them itself); the small ones stay preloaded, or each would add a round trip.
  const keepsPreload = (href: string) =>
    screen.isLoadingFrame === true || statSync(path.join(outDir, href)).size <= LARGE_MODULE_BYTES;
  let drawn = emptyPage
    .replace(/\s*<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>/g, (link, href: string) =>
      keepsPreload(href) ? link : "",
    )
    .replace(
      '<div id="root"></div>',
      `<div id="root"><div data-prerendered inert style="display:contents">${markup}</div></div>`,
    );
  if (screen.title) drawn = drawn.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(screen.title)}</title>`);
  if (!drawn.includes("data-prerendered")) {
    throw new Error('index.html has no empty <div id="root"></div> to draw a screen into');
  }
  return drawn;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
