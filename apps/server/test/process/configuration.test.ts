import { afterAll, describe, expect, it } from "vitest";
import { cleanUp, makeDataDir, spawnServer } from "./server-process.ts";

describe("configuration", () => {
  afterAll(cleanUp);

  it.concurrent.each([
    ["PORT", "abc"],
    ["DATABASE_URL", "mysql://x"],
    ["DATABASE_POOL_SIZE", "0"],
    ["SESSION_CACHE_SECONDS", "-1"],
  ])(
    "a bad %s stops start-up with a message naming it and no stack trace",
    async (name, value) => {
      const server = await spawnServer({ dataDir: makeDataDir(), env: { [name]: value } });
      expect(await server.exited).toEqual({ code: 1, signal: null });
      expect(server.output()).toContain("Invalid configuration");
      expect(server.output()).toMatch(new RegExp(`^\\s*${name}: `, "m"));
      expect(server.output()).not.toMatch(/^\s+at /m);
      expect(server.output()).not.toContain("Server listening");
    },
    60_000,
  );
});
