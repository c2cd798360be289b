// Bundles the server and the shared package into dist/server.js, and the embedded database's
// worker (loaded by path, beside it) into dist/pglite-worker.js; npm packages stay external.
import { bundleNodeApp } from "../../scripts/bundle-node-app.js";

await bundleNodeApp(import.meta.dirname, {
  entryPoints: { server: "src/server.ts", "pglite-worker": "src/db/pglite-worker.js" },
  outdir: "dist",
});
