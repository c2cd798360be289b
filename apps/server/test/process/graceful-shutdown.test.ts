import http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import {
  cleanUp,
  makeMigratedDataDir,
  organizationNames,
  registerOwner,
  sleep,
  startServer,
  waitFor,
  type Owner,
  type ServerProcess,
} from "./server-process.ts";

describe("graceful shutdown", () => {
  afterEach(cleanUp);

  it("on SIGTERM and on SIGINT ends SSE streams, finishes the request in flight and closes the database", async () => {
    const dataDir = makeMigratedDataDir();
    let server = await startServer({ dataDir });
    const owner = await registerOwner(server);

    for (const signal of ["SIGTERM", "SIGINT"] as const) {
      const events = await openEventStream(server, owner);
      const inFlight = startSlowRequest(server, owner, `in-flight-${signal}`);
      await waitFor(() => requestsLogged(server, "/api/organizations") === 1, "the request to reach the server");

      const signalled = Date.now();
      server.child.kill(signal);
      await waitFor(() => server.output().includes(`"signal":"${signal}"`), "the shutdown to begin");
      expect(await events.endsWithin(5_000)).toBe(true);
      inFlight.finish(); // the rest of its body arrives after the signal
      expect(await inFlight.status).toBe(201);
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(Date.now() - signalled).toBeLessThan(10_000);

      server = await startServer({ dataDir });
      const names = await organizationNames(server, owner.cookie);
      expect(names).toContain("Acme Operations");
      expect(names).toContain(`in-flight-${signal}`);
    }
  }, 120_000);
});

/** GET /api/orgs/:orgId/events, read until the server ends it. */
async function openEventStream(server: ServerProcess, owner: Owner) {
  const response = await fetch(`${server.url}/api/orgs/${owner.organizationId}/events`, {
    headers: { cookie: owner.cookie },
  });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const first = await reader.read();
  expect(new TextDecoder().decode(first.value)).toContain(": connected");
  const ended = (async () => {
    for (;;) {
      const { done } = await reader.read();
      if (done) return true;
    }
  })();
  /** True once the stream has ended, false if it is still open after `ms`. */
  return { endsWithin: (ms: number) => Promise.race([ended, sleep(ms).then(() => false)]) };
}

/** POST /api/organizations whose body is only half sent until `finish()`: a request in flight. */
function startSlowRequest(server: ServerProcess, owner: Owner, name: string) {
  const body = JSON.stringify({ name });
  const request = http.request(`${server.url}/api/organizations`, {
    method: "POST",
    headers: {
      origin: server.url,
      cookie: owner.cookie,
      "content-type": "application/json",
      "content-length": Buffer.byteLength(body),
    },
  });
  const status = new Promise<number | undefined>((resolve, reject) => {
    request.on("response", (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode));
    });
    request.on("error", reject);
  });
  request.write(body.slice(0, 4));
  return { status, finish: () => request.end(body.slice(4)) };
}

function requestsLogged(server: ServerProcess, path: string): number {
  return server
    .output()
    .split("\n")
    .filter((line) => line.includes(`"path":"${path}"`) && line.includes("incoming request")).length;
}
