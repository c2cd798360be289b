import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeRunnerConfig } from "../../src/config/runner-config.ts";
import { ProcessTracker } from "../helpers/processes.ts";
import { runRunner, startRunner } from "../helpers/runner-cli.ts";

const processes = new ProcessTracker();
let configDir: string;
let servers: Server[] = [];

beforeEach(async () => {
  configDir = await mkdtemp(path.join(os.tmpdir(), "flowdeck-runner-cli-"));
});
afterEach(async () => {
  processes.killAll();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  servers = [];
  await rm(configDir, { recursive: true, force: true });
});

/** An address where nothing listens: a port that was free a moment ago. */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

/** A web server that is not Flowdeck (the wrong --url): every path is an HTML 404 page. */
async function otherWebsiteUrl(): Promise<string> {
  const server = createServer((_request, response) => {
    response.writeHead(404, { "content-type": "text/html" }).end("<h1>Not Found</h1>");
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** runner.json as register writes it, for a Flowdeck at `url`. */
async function registeredWith(url: string) {
  await writeRunnerConfig(configDir, {
    url,
    runnerId: "runner-1",
    secret: "fdrs_not-checked-here",
    name: "build-01",
    labels: [],
    os: "linux",
    arch: "x64",
    organizationId: "org-1",
    organizationName: "Acme",
    registeredAt: new Date().toISOString(),
  });
}

function expectOneLine(text: string) {
  expect(text.trim().split("\n")).toHaveLength(1);
  expect(text).not.toMatch(/\n\s+at /);
}

describe("flowdeck-runner's messages", () => {
  it("refuses an address that is not a URL", async () => {
    const result = await runRunner([
      "register",
      "--url",
      "flowdeck.example",
      "--token",
      "fdr_x",
      "--config",
      configDir,
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--url "flowdeck.example" is not an address');
    expectOneLine(result.stderr);
  });

  it("refuses something that is not a registration token before calling anyone", async () => {
    const result = await runRunner(["register", "--url", "https://x.example", "--token", "abc", "--config", configDir]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("That is not a registration token: they start with fdr_");
  });

  it("says the server is not running when nothing answers", async () => {
    const url = await closedPortUrl();
    const result = await runRunner(["register", "--url", url, "--token", "fdr_x", "--config", configDir]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `Cannot reach Flowdeck at ${url}: the connection was refused. Is the server running, and is the URL right?`,
    );
  });

  it("says the URL is not Flowdeck when another web server answers", async () => {
    const url = await otherWebsiteUrl();
    const result = await runRunner(["register", "--url", url, "--token", "fdr_x", "--config", configDir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${url} does not answer like Flowdeck's runner API (HTTP 404)`);
    expectOneLine(result.stderr);
  });

  it("refuses an unknown option with a pointer to the help", async () => {
    const result = await runRunner(["start", "--concurency", "2"]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe("Unknown option '--concurency'. See: flowdeck-runner help start");
  });

  it("says how to register when start finds no credentials", async () => {
    const result = await runRunner(["start", "--config", configDir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("This runner is not registered");
    expect(result.stderr).toContain("flowdeck-runner register --url");
  });

  it("stops printing quietly when the reader closes the pipe (status | head)", async () => {
    const url = await closedPortUrl();
    await registeredWith(url);
    const runner = startRunner(["status", "--config", configDir]);
    processes.track(runner.pid);
    runner.child.stdout!.destroy();
    expect(await runner.exited).toBe(1);
    expect(runner.stderr().trim()).toBe(
      `Cannot reach Flowdeck at ${url}: the connection was refused. Is the server running, and is the URL right?`,
    );
  });

  it("waits for a server that is down, retrying with backoff, and stops cleanly on SIGTERM", async () => {
    const url = await closedPortUrl();
    await registeredWith(url);
    const runner = startRunner(["start", "--config", configDir]);
    processes.track(runner.pid);
    await runner.waitForOutput(/Retrying in \d+ s\.\n[\s\S]*Retrying in \d+ s\./);
    expect(runner.stderr()).toContain(`Cannot reach Flowdeck at ${url}: the connection was refused.`);
    expect(runner.stderr()).not.toMatch(/\n\s+at /);

    runner.child.kill("SIGTERM");
    expect(await runner.exited).toBe(0);
  });
});
