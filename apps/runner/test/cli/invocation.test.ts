import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runnerCommand } from "../../src/cli/invocation.ts";

let dir: string;
let script: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "flowdeck-runner-invocation-"));
  script = path.join(dir, "checkout", "apps", "runner", "bin", "flowdeck-runner.js");
  await mkdir(path.dirname(script), { recursive: true });
  await writeFile(script, "");
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("the command that runs the runner again", () => {
  it("is npx flowdeck-runner when npx started it in a checkout", () => {
    const env = { npm_command: "exec", npm_lifecycle_event: "npx", PATH: "" };
    expect(runnerCommand({ env, script, cwd: path.join(dir, "checkout"), platform: "linux" })).toBe(
      "npx flowdeck-runner",
    );
  });

  it("names the server's package, never a registry's name, when npx started the package a Flowdeck served", () => {
    const env = { npm_command: "exec", npm_lifecycle_event: "npx", PATH: "" };
    const served = { env, script, cwd: dir, platform: "linux" as const, served: true };
    expect(runnerCommand({ ...served, serverUrl: "https://flowdeck.example.com/" })).toBe(
      "npx -y https://flowdeck.example.com/runner/flowdeck-runner.tgz",
    );
    expect(runnerCommand(served)).toBe("npx -y <APP_URL>/runner/flowdeck-runner.tgz");
  });

  it("is flowdeck-runner when that name on the PATH is this program", async () => {
    const bin = path.join(dir, "bin");
    await mkdir(bin);
    await symlink(script, path.join(bin, "flowdeck-runner"));
    expect(
      runnerCommand({ env: { PATH: bin }, script: path.join(bin, "flowdeck-runner"), cwd: dir, platform: "linux" }),
    ).toBe("flowdeck-runner");
    expect(runnerCommand({ env: { PATH: bin }, script, cwd: os.homedir(), platform: "linux" })).toBe("flowdeck-runner");
  });

  it("is node and the script, relative to where it was run, otherwise", async () => {
    const other = path.join(dir, "node_modules", ".bin");
    await mkdir(other, { recursive: true });
    await symlink(script, path.join(other, "flowdeck-runner"));
    const env = { PATH: other };
    expect(runnerCommand({ env, script, cwd: path.join(dir, "checkout"), platform: "linux" })).toBe(
      "node apps/runner/bin/flowdeck-runner.js",
    );
    expect(runnerCommand({ env, script, cwd: path.join(dir, "elsewhere"), platform: "linux" })).toBe(`node ${script}`);
  });
});
