import type fs from "node:fs";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { cleanUp, makeDataDir } from "./server-process.ts";

// Lets a test pretend a file is not there yet: what a process sees when another one creates the
// file just after it looked.
const hidden = new Set<string>();
vi.mock("node:fs", async (importOriginal) => {
  const actual = await importOriginal<typeof fs>();
  const existsSync = (file: fs.PathLike) => !hidden.has(String(file)) && actual.existsSync(file);
  return { ...actual, existsSync, default: { ...actual, existsSync } };
});

// Without BETTER_AUTH_SECRET, the secret is made once and kept in DATA_DIR/auth-secret.
describe("the generated auth secret", () => {
  afterAll(cleanUp);

  it("is made once, readable by its owner only, and kept", () => {
    const dataDir = makeDataDir();
    const first = loadConfig({ DATA_DIR: dataDir }).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(path.join(dataDir, "auth-secret")).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(first);
    expect(readdirSync(dataDir)).toEqual(["auth-secret", "secrets-key"]);
  });

  it("is read, not overwritten or crashed on, when another process made it first", () => {
    const dataDir = makeDataDir();
    const file = path.join(dataDir, "auth-secret");
    const theirs = "secret-of-the-process-that-started-first-0123456789";
    writeFileSync(file, `${theirs}\n`, { mode: 0o600 });
    hidden.add(file);

    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(theirs);
    expect(readFileSync(file, "utf8")).toBe(`${theirs}\n`);
    expect(readdirSync(dataDir)).toEqual(["auth-secret", "secrets-key"]);
  });
});
