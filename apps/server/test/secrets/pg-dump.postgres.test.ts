import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerOwner } from "../helpers/factories.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { DISTINCT_VALUES, leaksOf } from "./leak-checks.ts";

// A backup of a database with secrets (the real pg_dump, plain SQL) holds none of their values.

const run = promisify(execFile);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("pg_dump of a database with secrets", () => {
  it("holds the secrets' names and sealed rows, and none of their values nor their base64", async () => {
    const owner = await registerOwner(t.app);
    for (const [name, value] of Object.entries(DISTINCT_VALUES)) {
      const response = await owner.client.put(`/api/orgs/${owner.organizationId}/secrets/${name}`, {
        value,
        description: `The ${name.toLowerCase()}`,
      });
      expect(response.status).toBe(201);
    }
    const { stdout } = await run("pg_dump", ["--no-owner", "--dbname", t.database.connectionString!], {
      maxBuffer: 256 * 1024 * 1024,
    });
    expect(stdout).toContain("COPY public.secrets");
    expect(stdout).toContain("COPY public.secret_data_keys");
    expect(stdout).toContain("DB_PASSWORD");
    expect(stdout).toContain("The multi_line");
    for (const value of Object.values(DISTINCT_VALUES)) expect(leaksOf(stdout, value)).toEqual([]);
  });
});
