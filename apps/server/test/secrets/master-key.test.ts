import { ConfigError } from "../../src/config.ts";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keyId, parseKey } from "../../src/lib/envelope.ts";
import { revealSecrets } from "../../src/modules/secrets/reveal.ts";
import { rotateMasterKey } from "../../src/modules/secrets/master-keys.ts";
import { registerOwner } from "../helpers/factories.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database.ts";

// One database, the server built on it again and again with other master keys: a wrong key stops
// start-up with a message that says what to do; a rotation keeps every secret readable.

const KEY_A = randomBytes(32).toString("base64");
const KEY_B = randomBytes(32).toString("base64");
const KEY_C = randomBytes(32).toString("base64");
const idOf = (key: string) => keyId(Buffer.from(key, "base64"));

let database: TestDatabase;
const expected = new Map<string, Map<string, string>>(); // organization → name → value
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

async function withApp<T>(env: Record<string, string>, work: (t: TestApp) => Promise<T>): Promise<T> {
  const t = await createTestApp({ database, env });
  try {
    return await work(t);
  } finally {
    await t.close();
  }
}

async function expectAllReadable(t: TestApp) {
  for (const [organizationId, values] of expected) {
    expect(await revealSecrets(t.app.db, organizationId, [...values.keys()])).toEqual(values);
  }
}

const masterKeyIds = async (t: TestApp) => {
  const result = await t.app.db.execute(sql`select distinct master_key_id from secret_data_keys order by 1`);
  return (result as unknown as { rows: { master_key_id: string }[] }).rows.map((row) => row.master_key_id);
};

describe("the master key", () => {
  it("seals the data keys of organizations that save secrets", async () => {
    await withApp({ SECRETS_KEY: KEY_A }, async (t) => {
      for (let index = 0; index < 3; index++) {
        const owner = await registerOwner(t.app);
        const values = new Map([
          ["DB_PASSWORD", `db-password-${index}!`],
          ["API_KEY", `api-key-${index}!`],
        ]);
        for (const [name, value] of values) {
          expect((await owner.client.put(`/api/orgs/${owner.organizationId}/secrets/${name}`, { value })).status).toBe(
            201,
          );
        }
        expected.set(owner.organizationId, values);
      }
      expect(await masterKeyIds(t)).toEqual([idOf(KEY_A)]);
      await expectAllReadable(t);
    });
  });

  it("stops start-up when it is another key, naming SECRETS_KEY and both key ids", async () => {
    const error = await createTestApp({ database, env: { SECRETS_KEY: KEY_B } }).then(
      (t) => t.close().then(() => undefined),
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain("the master key does not open this database's secrets");
    expect(message).toContain(`3 organization(s) have secrets sealed with master key ${idOf(KEY_A)}`);
    expect(message).toContain(`this instance's key (from SECRETS_KEY) is ${idOf(KEY_B)}`);
    expect(message).toContain("SECRETS_KEY_PREVIOUS");
    expect(message).not.toContain(KEY_A);
    expect(message).not.toContain(KEY_B);
  });

  it("stops start-up when it is missing and a new key file was made instead, naming the file", async () => {
    // Without SECRETS_KEY a key is generated into the (here empty) data directory.
    const error = await createTestApp({ database, env: { SECRETS_KEY: "" } }).then(
      (t) => t.close().then(() => undefined),
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/from the key file .*secrets-key\) is [0-9a-f]{16}/);
  });

  it("rotates: the new key with the old one as previous starts, re-seals every data key, and every secret stays readable", async () => {
    await withApp({ SECRETS_KEY: KEY_B, SECRETS_KEY_PREVIOUS: KEY_A }, async (t) => {
      await expectAllReadable(t);
      // A secret saved meanwhile (a new organization's data key is sealed with the new key).
      const owner = await registerOwner(t.app);
      await owner.client.put(`/api/orgs/${owner.organizationId}/secrets/DURING`, { value: "saved-during!" });
      expected.set(owner.organizationId, new Map([["DURING", "saved-during!"]]));
      expect(await masterKeyIds(t)).toEqual([idOf(KEY_A), idOf(KEY_B)].sort());

      expect(await rotateMasterKey(t.app.db, { batchSize: 2 })).toEqual({ resealed: 3, newKeyId: idOf(KEY_B) });
      expect(await masterKeyIds(t)).toEqual([idOf(KEY_B)]);
      await expectAllReadable(t);
      // Running it again has nothing left to do.
      expect(await rotateMasterKey(t.app.db)).toEqual({ resealed: 0, newKeyId: idOf(KEY_B) });
    });
    // The old key is no longer needed, and no longer enough.
    await withApp({ SECRETS_KEY: KEY_B }, expectAllReadable);
    await expect(createTestApp({ database, env: { SECRETS_KEY: KEY_A } })).rejects.toThrow(ConfigError);
  });

  it("refuses to rotate a data key sealed with a key it was not given", async () => {
    await withApp({ SECRETS_KEY: KEY_B }, async (t) => {
      // A data key of an organization sealed with a master key nobody gave this instance.
      const other = await registerOwner(t.app);
      const { installMasterKeys } = await import("../../src/modules/secrets/keyring.ts");
      installMasterKeys({ key: parseKey(KEY_C), previous: [], source: "SECRETS_KEY" });
      await other.client.put(`/api/orgs/${other.organizationId}/secrets/SEALED_WITH_C`, { value: "sealed-with-c!" });
      installMasterKeys({ key: parseKey(KEY_B), previous: [], source: "SECRETS_KEY" });
      await expect(rotateMasterKey(t.app.db)).rejects.toThrow(`sealed with master key ${idOf(KEY_C)}`);
      await t.app.db.execute(sql`delete from organizations where id = ${other.organizationId}`);
    });
  });

  it("refuses a SECRETS_KEY or SECRETS_KEY_PREVIOUS that is not 32 bytes of base64, naming it", async () => {
    await expect(createTestApp({ database, env: { SECRETS_KEY: "too-short" } })).rejects.toThrow(
      /SECRETS_KEY: holds \d+ bytes, not 32: it must be 32 random bytes in base64/,
    );
    await expect(
      createTestApp({ database, env: { SECRETS_KEY: KEY_B, SECRETS_KEY_PREVIOUS: `${KEY_A},nope!` } }),
    ).rejects.toThrow("SECRETS_KEY_PREVIOUS: key 2: is not base64");
  });
});
