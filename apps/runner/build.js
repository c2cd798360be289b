// Bundles the runner (dist/flowdeck-runner.js) and the `flowdeck` command (dist/flowdeck.js) with the
// shared protocol schemas, so the published package needs only its npm dependencies (the shared
// package is not published).
// Then the package the server serves (pack.js): everything bundled, versioned with the server.
import { bundleNodeApp } from "../../scripts/bundle-node-app.js";
import { packRunner } from "./pack.js";

await bundleNodeApp(import.meta.dirname, { entryPoints: ["src/main.ts"], outfile: "dist/flowdeck-runner.js" });
// The `flowdeck` command (runs workflows from a terminal or CI): the same package, a second bin.
await bundleNodeApp(import.meta.dirname, { entryPoints: ["src/client/main.ts"], outfile: "dist/flowdeck.js" });
await packRunner();
