// Bundles the runner and the shared protocol schemas into dist/flowdeck-runner.js, so the
// published package needs only its npm dependencies (the shared package is not published).
import { bundleNodeApp } from "../../scripts/bundle-node-app.js";

await bundleNodeApp(import.meta.dirname, { entryPoints: ["src/main.ts"], outfile: "dist/flowdeck-runner.js" });
