// Bundles the server and the shared package into dist/server.js, and the embedded database's
// worker (loaded by path, beside it) into dist/pglite-worker.js; npm packages stay external.
import { build } from "esbuild";

await build({
  entryPoints: { server: "src/server.ts", "pglite-worker": "src/db/pglite-worker.js" },
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  packages: "external",
  alias: { "@flowdeck/shared": "../../packages/shared/src" },
  logLevel: "warning",
});
