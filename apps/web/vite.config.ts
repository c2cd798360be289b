import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { pagePreloads } from "./build/page-preloads.ts";
import { precompress } from "./build/precompress.ts";
import { prerender } from "./build/prerender.ts";

/**
 * The "common" chunk's modules, named one by one (docs/decisions/083): a module added here must not
 * import zod, react-hook-form or Radix, and must not be one the landing page imports (theme,
 * api-client, theme-toggle), or every page (or the landing page) loads those with it.
 */
const COMMON = new RegExp(
  [
    String.raw`apps[\\/]web[\\/]src[\\/]components[\\/]ui[\\/](alert|badge|breadcrumbs|button|copyable-value|data-table|email-text|empty-state|notice|organization-id|page-skeleton|pagination|role-badge|run-status-badge|section-card|skeleton|spinner|stat-card|table-or-cards|text-link|view-mode-toggle)\.tsx$`,
    String.raw`apps[\\/]web[\\/]src[\\/]lib[\\/](download-file|format-bytes|format-date|idempotency-key|lazy-named|local-day|org-api|use-cursor-pages|use-debounced-value|use-document-title|use-view-mode)\.ts$`,
    String.raw`node_modules[\\/](@tanstack[\\/](query-core|react-query)|clsx)[\\/]`,
  ].join("|"),
);

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress(), prerender(), pagePreloads()],
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
            // Texts, constants and the permission table of packages/shared: none imports zod.
            {
              name: "shared-texts",
              test: /packages[\\/]shared[\\/]src[\\/](errors[\\/]\w+|permissions[\\/]\w+|\w+[\\/](messages|constants)|idempotency)\.ts$/,
              priority: 1,
            },
            { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/, priority: 2 },
            // Small parts most pages share, in one file rather than dozens of about 1 KB: a slow
            // link queues requests six at a time. None imports the forms or dialog libraries, and
            // none is the landing page's, so neither it nor a page loads those with them.
            { name: "common", test: COMMON, minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
});
