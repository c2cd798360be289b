import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * Puts what holds the app's first paint back into index.html itself (docs/decisions/084): the
 * stylesheet, in a <style> in place of its <link>, and the theme's script (public/theme-init.js),
 * whose tag stops the parser until it has arrived. On a slow link each was a round trip after the
 * HTML before anything painted, while the page's scripts were already on their way. The drawn
 * screens and each page's copy of index.html (build/prerender.ts, build/page-preloads.ts) start
 * from it, so they paint with the HTML. The server allows the inline script by its hash
 * (apps/server/src/plugins/security-headers.ts). The landing page keeps both tags: it is not the app.
 */
export function inlineFirstPaint(): Plugin {
  let publicDir = "";
  return {
    name: "flowdeck-inline-first-paint",
    apply: "build",
    configResolved(config) {
      publicDir = config.publicDir;
    },
    transformIndexHtml: {
      order: "post",
      handler(html, { filename, bundle }) {
        if (path.basename(filename) !== "index.html" || !bundle) return html;
        return html
          .replace(/<script src="\/(theme-init\.js)"><\/script>/, (_tag, file: string) => {
            return `<script>${readFileSync(path.join(publicDir, file), "utf8").trim()}</script>`;
          })
          .replace(/\s*<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (_link, file: string) => {
            const asset = bundle[file];
            if (asset?.type !== "asset") throw new Error(`index.html names ${file}, which the build did not write`);
            return `\n    <style>${String(asset.source)}</style>`;
          });
      },
    },
  };
}
