import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { defaultConfigDir } from "../../src/config/config-dir.ts";
import {
  configFilePath,
  readRunnerConfig,
  writeRunnerConfig,
  type RunnerConfig,
} from "../../src/config/runner-config.ts";

const config: RunnerConfig = {
  url: "https://flowdeck.example.com",
  runnerId: "runner-1",
  secret: "fdrs_secret",
  name: "build-01",
  labels: ["docker"],
  os: "linux",
  arch: "x64",
  organizationId: "org-1",
  organizationName: "Acme",
  registeredAt: "2026-01-01T00:00:00.000Z",
};

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "flowdeck-runner-config-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("runner.json", () => {
  it("is written readable by its owner only, in a directory only its owner can enter", async () => {
    const configDir = path.join(dir, "nested", "flowdeck-runner");
    const file = await writeRunnerConfig(configDir, config);
    expect(file).toBe(configFilePath(configDir));
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(configDir)).mode & 0o777).toBe(0o700);
    expect(await readRunnerConfig(configDir)).toEqual(config);
  });

  it("stays 0600 when it replaces a file that was readable by others", async () => {
    await writeFile(configFilePath(dir), "{}", { mode: 0o644 });
    await writeRunnerConfig(dir, config);
    expect((await stat(configFilePath(dir))).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(configFilePath(dir), "utf8"))).toEqual(config);
  });

  it("is absent before registering, and a damaged one is refused with a way out", async () => {
    expect(await readRunnerConfig(dir)).toBeNull();
    await writeFile(configFilePath(dir), "{ not json");
    await expect(readRunnerConfig(dir)).rejects.toThrow(/not valid JSON: remove it and register this runner again/);
    await writeFile(configFilePath(dir), JSON.stringify({ url: "https://x.example" }));
    await expect(readRunnerConfig(dir)).rejects.toThrow(/incomplete or damaged/);
  });
});

describe("the default configuration directory", () => {
  const home = "/home/ada";

  it("follows each platform's convention", () => {
    expect(defaultConfigDir({}, "linux", home)).toBe("/home/ada/.config/flowdeck-runner");
    expect(defaultConfigDir({ XDG_CONFIG_HOME: "/xdg" }, "linux", home)).toBe("/xdg/flowdeck-runner");
    expect(defaultConfigDir({}, "darwin", home)).toBe("/home/ada/Library/Application Support/flowdeck-runner");
    expect(defaultConfigDir({ APPDATA: "C:\\Users\\ada\\AppData\\Roaming" }, "win32", "C:\\Users\\ada")).toBe(
      "C:\\Users\\ada\\AppData\\Roaming\\flowdeck-runner",
    );
  });

  it("is FLOWDECK_RUNNER_CONFIG when it is set", () => {
    expect(
      defaultConfigDir({ FLOWDECK_RUNNER_CONFIG: "/etc/flowdeck-runner", XDG_CONFIG_HOME: "/xdg" }, "linux", home),
    ).toBe("/etc/flowdeck-runner");
  });
});
