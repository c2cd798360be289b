import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.ts";
import { keyId } from "../../src/lib/envelope.ts";
import {
  cleanUp,
  makeDataDir,
  makeMigratedDataDir,
  registerOwner,
  send,
  spawnServer,
  startServer,
} from "./server-process.ts";

// The master key of secrets: made once into DATA_DIR/secrets-key without SECRETS_KEY; a server
// started on the same data with another key refuses with a message, not a stack trace; and
// `npm run secrets:rotate-key` moves the data keys to a new key.

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const run = promisify(execFile);

afterAll(cleanUp);

describe("the generated master key file", () => {
  it("is made once beside auth-secret, readable by its owner only, and kept", () => {
    const dataDir = makeDataDir();
    const first = loadConfig({ DATA_DIR: dataDir }).secrets;
    const file = path.join(dataDir, "secrets-key");
    expect(first.source).toBe(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, "utf8").trim(), "base64")).toHaveLength(32);
    expect(loadConfig({ DATA_DIR: dataDir }).secrets.key.id).toBe(first.key.id);
  });

  it("is not made when SECRETS_KEY is set", () => {
    const dataDir = makeDataDir();
    const key = randomBytes(32);
    const config = loadConfig({
      DATA_DIR: dataDir,
      SECRETS_KEY: key.toString("base64"),
      BETTER_AUTH_SECRET: "x".repeat(32),
    });
    expect(config.secrets).toMatchObject({ source: "SECRETS_KEY", previous: [] });
    expect(config.secrets.key.id).toBe(keyId(key));
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it("stops start-up when it holds no key, naming it", () => {
    const dataDir = makeDataDir();
    writeFileSync(path.join(dataDir, "secrets-key"), "damaged\n", { mode: 0o600 });
    expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(
      /secrets-key does not hold a master key .* set SECRETS_KEY/,
    );
  });
});

describe("a server on data sealed with another key", () => {
  // Three starts of the server from its sources and one rotation: longer than one start's minute.
  it(
    "refuses to start with a clear message; after a rotation it starts with the new key",
    { timeout: 240_000 },
    async () => {
      const dataDir = makeMigratedDataDir();
      const first = await startServer({ dataDir });
      const owner = await registerOwner(first);
      const put = await send(first, "PUT", `/api/orgs/${owner.organizationId}/secrets/DB_PASSWORD`, {
        cookie: owner.cookie,
        body: { value: "Zq#9-Wx!kL%p", description: "Primary" },
      });
      expect(put.status).toBe(201);
      expect(await first.kill("SIGTERM")).toEqual({ code: 0, signal: null });

      const fileKey = readFileSync(path.join(dataDir, "secrets-key"), "utf8").trim();
      const newKey = randomBytes(32).toString("base64");
      const refused = await spawnServer({ dataDir, env: { SECRETS_KEY: newKey } });
      expect(await refused.exited).toEqual({ code: 1, signal: null });
      const output = refused.output();
      expect(output).toContain("Secrets: the master key does not open this database's secrets.");
      expect(output).toContain(`sealed with master key ${keyId(Buffer.from(fileKey, "base64"))}`);
      expect(output).toContain("SECRETS_KEY");
      expect(output).not.toMatch(/\n\s+at /); // no stack trace
      expect(output).not.toContain(newKey);
      expect(output).not.toContain(fileKey);

      const rotation = await run("npm", ["run", "--silent", "secrets:rotate-key"], {
        cwd: REPO_ROOT,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          DATA_DIR: dataDir,
          SECRETS_KEY: newKey,
          SECRETS_KEY_PREVIOUS: fileKey,
          BETTER_AUTH_SECRET: "x".repeat(32),
        },
      });
      expect(rotation.stdout).toContain(
        `1 organization data key(s) sealed again under master key ${keyId(Buffer.from(newKey, "base64"))}`,
      );

      const rotated = await startServer({ dataDir, env: { SECRETS_KEY: newKey } });
      const list = await send(rotated, "GET", `/api/orgs/${owner.organizationId}/secrets`, { cookie: owner.cookie });
      expect(list.status).toBe(200);
      expect(((await list.json()) as { items: { name: string }[] }).items.map((item) => item.name)).toEqual([
        "DB_PASSWORD",
      ]);
      expect(await rotated.kill("SIGTERM")).toEqual({ code: 0, signal: null });
    },
  );
});
