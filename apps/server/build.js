// Bundles the server and the shared package into dist/server.js; npm packages stay external.
import { build } from "esbuild";

await build({
  entryPoints: ["src/server.ts"],
  outfile: "dist/server.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  packages: "external",
  alias: { "@flowdeck/shared": "../../packages/shared/src" },
  logLevel: "warning",
});
