// Loaded into the benchmarked server with `node --import` (bench/lib/server.js, `eventLoop: true`):
// measures the server's event-loop delay with perf_hooks and answers the bench over the IPC
// channel only, so the server itself has no endpoint that tells its internals.
import { createRequire } from "node:module";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";

// The SQL statements the server sends, counted where every one passes (pg's Client.query; the
// pool's queries go through it too). pg is the server bundle's external dependency, so this is the
// module instance the server uses. PGlite's statements are not counted (zero on the embedded database).
// The server runs with its checkout as its working directory (server.js).
const require = createRequire(path.join(process.cwd(), "apps/server/package.json"));
let statements = 0;
try {
  const { Client } = require("pg");
  const query = Client.prototype.query;
  Client.prototype.query = function countedQuery(...args) {
    statements++;
    return query.apply(this, args);
  };
} catch {
  // No pg installed: nothing to count.
}

const RESOLUTION_MS = 10;
const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
histogram.enable();

// The histogram records each timer interval whole; the delay is what exceeds the interval.
const toMs = (nanoseconds) => Math.max(0, nanoseconds / 1e6 - RESOLUTION_MS);

process.on("message", (message) => {
  if (message === "event-loop:reset") {
    histogram.reset();
    process.send({ type: "event-loop:reset" });
  } else if (message === "statements:report") {
    process.send({ type: "statements:report", statements });
  } else if (message === "event-loop:report") {
    process.send({
      type: "event-loop:report",
      meanMs: toMs(histogram.mean),
      p50Ms: toMs(histogram.percentile(50)),
      p99Ms: toMs(histogram.percentile(99)),
      maxMs: toMs(histogram.max),
    });
  }
});
// The channel must not keep a server that is shutting down alive.
process.channel?.unref();
