import { spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { FLOWDECK_VERSION } from "@flowdeck/shared/version";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isProcessAlive } from "../../src/execution/process-liveness.ts";
import { createRegistrationToken, getRun, queueRun, startFlowdeck, type Flowdeck } from "../helpers/flowdeck-server.ts";
import { waitFor } from "../helpers/processes.ts";

/**
 * The runner as a machine without a checkout gets it: `npx -y <APP_URL>/runner/flowdeck-runner.tgz`
 * from a fresh directory with a fresh npm cache, and a registry that does not exist (127.0.0.1:9),
 * so nothing can come from a public registry: the served package must hold everything it needs.
 */
let flowdeck: Flowdeck;
let home: string;
let packageUrl: string;
const groups = new Set<number>();

beforeAll(async () => {
  flowdeck = await startFlowdeck();
  packageUrl = `${flowdeck.url}/runner/flowdeck-runner.tgz`;
  home = await mkdtemp(path.join(os.tmpdir(), "flowdeck-npx-"));
  await mkdir(path.join(home, "work"));
  await writeFile(path.join(home, "npmrc"), "");
});
afterAll(async () => {
  // Each npx was started in a process group of its own: npm and the runner it started go together.
  for (const pid of groups) {
    if (isProcessAlive(pid)) process.kill(-pid, "SIGKILL");
  }
  await flowdeck.close();
  await rm(home, { recursive: true, force: true });
});

/** An environment with nothing of this checkout's npm: a fresh cache, user config, and no registry. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
  return {
    ...env,
    HOME: home,
    npm_config_cache: path.join(home, "npm-cache"),
    npm_config_userconfig: path.join(home, "npmrc"),
    npm_config_registry: "http://127.0.0.1:9/",
    npm_config_update_notifier: "false",
    npm_config_fund: "false",
    npm_config_audit: "false",
  };
}

/** `npx -y <the served package> …`: the runner; `command` "flowdeck" runs the package's other program. */
function npx(args: string[], command?: string) {
  const child = spawn("npx", ["-y", ...(command ? ["-p", packageUrl, command] : [packageUrl]), ...args], {
    cwd: path.join(home, "work"),
    env: cleanEnv(),
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  groups.add(child.pid!);
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | string>((resolve) =>
    child.on("close", (code, signal) => resolve(code ?? signal ?? "unknown")),
  );
  return { output: () => output, exited };
}

/** The files of a .tgz (npm's package/… paths), from its ustar headers. */
function filesOf(tgz: Buffer): Map<string, Buffer> {
  const tar = gunzipSync(tgz);
  const files = new Map<string, Buffer>();
  for (let offset = 0; offset + 512 <= tar.length;) {
    const name = tar.toString("utf8", offset, offset + 100).replace(/\0.*$/s, "");
    if (!name) break;
    const size = parseInt(
      tar
        .toString("utf8", offset + 124, offset + 136)
        .replace(/\0.*$/s, "")
        .trim(),
      8,
    );
    files.set(name, tar.subarray(offset + 512, offset + 512 + size));
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

describe("the runner served by Flowdeck", () => {
  it("is an npm package of the server's version, with no dependency left to install", async () => {
    const response = await fetch(packageUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/gzip");
    const etag = response.headers.get("etag");
    const files = filesOf(Buffer.from(await response.arrayBuffer()));
    const manifest = JSON.parse(files.get("package/package.json")!.toString("utf8"));
    expect(manifest).toMatchObject({ name: "flowdeck-runner", version: FLOWDECK_VERSION });
    expect(manifest.bin).toEqual({ "flowdeck-runner": "bin/flowdeck-runner.js", flowdeck: "bin/flowdeck.js" });
    expect(manifest.dependencies ?? {}).toEqual({});
    for (const bin of ["flowdeck-runner.js", "flowdeck.js"]) {
      expect(files.get(`package/bin/${bin}`)!.toString("utf8")).toMatch(/^#!\/usr\/bin\/env node\n/);
    }
    // Revalidated, not fetched again, while it is the same build.
    const again = await fetch(packageUrl, { headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
    // The same file under its version's name (what an older runner names to update through npx); no other.
    const versioned = await fetch(`${flowdeck.url}/runner/flowdeck-runner-${FLOWDECK_VERSION}.tgz`);
    expect(versioned.status).toBe(200);
    expect(versioned.headers.get("etag")).toBe(etag);
    expect((await fetch(`${flowdeck.url}/runner/flowdeck-runner-0.0.1.tgz`)).status).toBe(404);
  });

  it("is the server's version, which every answer of the runner API names, refusals included", async () => {
    const refused = await fetch(`${flowdeck.url}/api/runner/v1/runner`);
    expect(refused.status).toBe(412);
    expect(refused.headers.get("flowdeck-version")).toBe(FLOWDECK_VERSION);
  });

  it("registers, starts and executes a run through npx, from a fresh cache and with no registry", async () => {
    const { client, organizationId } = flowdeck.owner;
    const token = await createRegistrationToken(client, organizationId);
    // The command the Register dialog shows, with a config directory of this test's own.
    const shown = (
      await client.post<{ commands: { register: string } }>(
        `/api/orgs/${organizationId}/runners/registration-tokens`,
        {},
      )
    ).body.commands.register;
    expect(shown).toMatch(/^npx -y \S+\/runner\/flowdeck-runner\.tgz register --url \S+ --token fdr_\S+$/);

    const config = path.join(home, "runner-config");
    const register = npx([
      "register",
      "--url",
      flowdeck.url,
      "--token",
      token,
      "--name",
      "npx-box",
      "--config",
      config,
    ]);
    expect(await register.exited, register.output()).toBe(0);
    expect(register.output()).toContain('Registered "npx-box"');
    expect(register.output()).toContain(`Start it with: npx -y ${packageUrl} start --config ${JSON.stringify(config)}`);
    expect(register.output()).not.toMatch(/npx flowdeck-runner\b/);

    const runner = npx(["start", "--config", config, "--once"]);
    const runId = await queueRun(flowdeck, ['echo "ran from the served package"']);
    await waitFor(
      async () => (await getRun(client, organizationId, runId)).status === "succeeded",
      60_000,
      "the run to succeed",
    );
    expect(await runner.exited, runner.output()).toBe(0);
  });

  it("runs the flowdeck command as the README's CI jobs do (npx -p <package> flowdeck)", async () => {
    const help = npx(["--help"], "flowdeck");
    expect(await help.exited, help.output()).toBe(0);
    expect(help.output()).toContain("flowdeck ");
    expect(help.output()).toContain("Exit codes: 0 the run succeeded");
  });
});
