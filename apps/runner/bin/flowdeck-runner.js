#!/usr/bin/env node
// The published package ships dist/; in a checkout, `npm install` builds it (the package's
// `prepare` script). Say how to build it rather than fail with a module error.
try {
  await import("../dist/flowdeck-runner.js");
} catch (error) {
  if (error?.code !== "ERR_MODULE_NOT_FOUND" || !String(error.message).includes("flowdeck-runner.js")) throw error;
  console.error("flowdeck-runner is not built yet: run `npm run build -w apps/runner` in the Flowdeck checkout.");
  process.exit(1);
}
