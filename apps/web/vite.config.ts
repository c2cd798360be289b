import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./build/precompress.ts";

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  server: { proxy: { "/api": "http://localhost:3000" } },
  // The first screen needs React, the router, TanStack Query and zod (~165 kB gzipped); pages load lazily.
  build: { outDir: "dist", sourcemap: true, chunkSizeWarningLimit: 600 },
});
