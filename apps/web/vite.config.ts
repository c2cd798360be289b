import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { signedInChunkGroups } from "./build/chunk-groups.ts";
import { inlineFirstPaint } from "./build/inline-first-paint.ts";
import { pagePreloads } from "./build/page-preloads.ts";
import { precompress } from "./build/precompress.ts";
import { prerender } from "./build/prerender.ts";

const signedInGroup = signedInChunkGroups(import.meta.dirname);

export default defineConfig({
  plugins: [react(), tailwindcss(), inlineFirstPaint(), precompress(), prerender(), pagePreloads()],
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  server: { proxy: { "/api": "http://localhost:3000" } },
  build: {
    outDir: "dist",
    sourcemap: true,
    // Each module's files, read by build/page-preloads.ts to preload a page's code in its HTML.
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // Two pages: the app, and the landing page a first visit to / gets without the app's router
      // and data layer (docs/decisions/046); the server sends landing.html for / only.
      input: { app: "index.html", landing: "landing.html" },
      output: {
        // A page's code in a few files rather than dozens of tiny ones: each file is a request, and
        // on a slow link six connections queue them (bench/README.md, "First paint").
        codeSplitting: {
          // A group holds the modules it names, not everything they import.
          includeDependenciesRecursively: false,
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 4 },
            { name: "forms", test: /node_modules[\\/](zod|react-hook-form|@hookform)[\\/]/, priority: 3 },
            {
              name: "dialog",
              test: /node_modules[\\/](@radix-ui|react-remove-scroll|react-remove-scroll-bar|aria-hidden|tslib|use-callback-ref|use-sidecar|react-style-singleton|get-nonce)[\\/]/,
              priority: 3,
            },
            { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/, priority: 2 },
            // The signed-in app's start and the small parts its pages share, each in one file rather
            // than dozens of about 1 KB: a slow link queues requests six at a time (docs/decisions/084).
            {
              name: (id, graph) => (signedInGroup(id, graph) === "app-start" ? "app-start" : null),
              priority: 1,
            },
            {
              name: (id, graph) => (signedInGroup(id, graph) === "pages-common" ? "pages-common" : null),
              minShareCount: 2,
              priority: 1,
            },
            // Texts, constants and the permission table of packages/shared the app's start does not
            // take (those are in app-start: a group of their own would import it, and it them).
            {
              name: "shared-texts",
              test: /packages[\\/]shared[\\/]src[\\/](errors[\\/]\w+|permissions[\\/]\w+|\w+[\\/](messages|constants)|idempotency)\.ts$/,
              priority: 0,
            },
          ],
        },
      },
    },
  },
});
