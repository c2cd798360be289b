#!/usr/bin/env node
// The `flowdeck` command (runs workflows from a terminal or CI). The published package ships dist/;
// in a checkout, `npm install` builds it (the package's `prepare` script).
try {
  await import("../dist/flowdeck.js");
} catch (error) {
  if (error?.code !== "ERR_MODULE_NOT_FOUND" || !String(error.message).includes("flowdeck.js")) throw error;
  console.error("flowdeck is not built yet: run `npm run build -w apps/runner` in the Flowdeck checkout.");
  process.exit(1);
}
