// Bundles the runner and the shared protocol schemas into dist/flowdeck-runner.js, so the
// published package needs only its npm dependencies (the shared package is not published).
import { build } from "esbuild";

await build({
  absWorkingDir: import.meta.dirname,
  entryPoints: ["src/main.ts"],
  outfile: "dist/flowdeck-runner.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  packages: "external",
  alias: { "@flowdeck/shared": "../../packages/shared/src" },
  logLevel: "warning",
});
