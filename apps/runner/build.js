// Bundles the runner and the shared protocol schemas into dist/flowdeck-runner.js, so the
// published package needs only its npm dependencies (the shared package is not published).
// Then the package the server serves (pack.js): everything bundled, versioned with the server.
import { bundleNodeApp } from "../../scripts/bundle-node-app.js";
import { packRunner } from "./pack.js";

await bundleNodeApp(import.meta.dirname, { entryPoints: ["src/main.ts"], outfile: "dist/flowdeck-runner.js" });
await packRunner();
