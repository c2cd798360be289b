import { MESSAGES, type LiveEvent } from "@flowdeck/shared";
import { PutSecretSchema, SECRETS_PER_ORGANIZATION } from "@flowdeck/shared/secrets/schemas";
import { SECRET_MESSAGES } from "@flowdeck/shared/secrets/messages";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listSecretNames, revealSecrets } from "../../src/modules/secrets/reveal.ts";
import { createApiToken } from "../api-tokens/token-factory.ts";
import { auditRows, rowsSince } from "../audit/audit-support.ts";
import { registerOwner, type TestUser } from "../helpers/factories.ts";
import { bearerClient } from "../helpers/http-client.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { eventually } from "../runners/runner-client.ts";
import { DISTINCT_VALUES, leaksOf } from "./leak-checks.ts";

let t: TestApp;
let owner: TestUser & { organizationId: string };
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app);
});
afterAll(() => t.close());

const url = (rest = "", orgId = owner.organizationId) => `/api/orgs/${orgId}/secrets${rest}`;
const put = (name: string, body: unknown) => owner.client.put(url(`/${name}`), body);

/** Every stored column of the organization's secrets and data keys, as PostgreSQL prints them. */
async function storedRows(organizationId: string): Promise<string> {
  const result = await t.app.db.execute(
    sql`select s::text as row from secrets s where organization_id = ${organizationId}
        union all select k::text from secret_data_keys k where organization_id = ${organizationId}`,
  );
  return (result as unknown as { rows: { row: string }[] }).rows.map((row) => row.row).join("\n");
}

describe("PUT /api/orgs/:orgId/secrets/:name", () => {
  it("creates a secret (201) and answers its list item, never the value", async () => {
    const response = await put("DB_PASSWORD", { value: DISTINCT_VALUES.DB_PASSWORD, description: "Primary database" });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      name: "DB_PASSWORD",
      description: "Primary database",
      updatedAt: expect.any(String),
      updatedBy: owner.email,
    });
    expect(leaksOf(JSON.stringify(response.body), DISTINCT_VALUES.DB_PASSWORD)).toEqual([]);
  });

  it("replaces the value (200), keeping the description when none is sent", async () => {
    await put("REPLACED", { value: "first-value!", description: "Kept" });
    const response = await put("REPLACED", { value: "second-value!" });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ name: "REPLACED", description: "Kept" });
    expect(await revealSecrets(t.app.db, owner.organizationId, ["REPLACED"])).toEqual(
      new Map([["REPLACED", "second-value!"]]),
    );
    const cleared = await put("REPLACED", { value: "third-value!", description: "" });
    expect(cleared.body.description).toBe("");
  });

  it("stores the value sealed: no part of 4 characters or more of it, nor its base64, is in the rows", async () => {
    for (const [name, value] of Object.entries(DISTINCT_VALUES)) {
      expect((await put(name, { value })).status).toBeLessThan(300);
    }
    const rows = await storedRows(owner.organizationId);
    expect(rows).toContain("DB_PASSWORD");
    for (const value of Object.values(DISTINCT_VALUES)) expect(leaksOf(rows, value)).toEqual([]);
  });

  it("keeps a value exactly, spaces, line breaks and any script included", async () => {
    const value = "  pässwörd 🔑\n\tline two  ";
    expect((await put("EXACT", { value })).status).toBeLessThan(300);
    expect((await revealSecrets(t.app.db, owner.organizationId, ["EXACT"])).get("EXACT")).toBe(value);
  });

  it("accepts a value of exactly 65,536 bytes and a name of 64 characters", async () => {
    const value = "é".repeat(32_768); // 2 bytes each
    const name = `A${"B".repeat(63)}`;
    expect((await put(name, { value })).status).toBe(201);
    expect((await revealSecrets(t.app.db, owner.organizationId, [name])).get(name)).toBe(value);
  });

  it.each([
    ["a lowercase name", "db_password", SECRET_MESSAGES.nameInvalid],
    ["a name starting with a digit", "1PASSWORD", SECRET_MESSAGES.nameInvalid],
    ["a name starting with _", "_PASSWORD", SECRET_MESSAGES.nameInvalid],
    ["a name with a dash", "DB-PASSWORD", SECRET_MESSAGES.nameInvalid],
    ["a name of 65 characters", `A${"B".repeat(64)}`, SECRET_MESSAGES.nameTooLong],
    ["a name Flowdeck keeps for itself", "FLOWDECK_PARAM_HOST", SECRET_MESSAGES.nameReserved],
  ])("refuses %s with 400 naming the field", async (_case, name, message) => {
    const response = await put(encodeURIComponent(name), { value: "long-enough" });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: "invalid-argument", message, fields: { name: message } });
  });

  it.each([
    ["no value", {}, SECRET_MESSAGES.valueRequired],
    ["a value that is not text", { value: 12345 }, SECRET_MESSAGES.valueRequired],
    ["an empty value", { value: "" }, SECRET_MESSAGES.valueRequired],
    ["a value of 3 characters", { value: "abc" }, SECRET_MESSAGES.valueTooShort],
    ["a value of 3 characters inside spaces", { value: "  abc \n" }, SECRET_MESSAGES.valueTooShort],
    ["a value of 65,537 bytes", { value: `${"é".repeat(32_768)}x` }, SECRET_MESSAGES.valueTooLong],
    [
      "a description of 501 characters",
      { value: "long-enough", description: "d".repeat(501) },
      SECRET_MESSAGES.descriptionTooLong,
    ],
    [
      "a description of two lines",
      { value: "long-enough", description: "one\ntwo" },
      SECRET_MESSAGES.descriptionSingleLine,
    ],
  ])("refuses %s with 400 naming the field", async (_case, body, message) => {
    const response = await put("VALID_NAME", body);
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(message);
    expect(Object.values(response.body.error.fields)).toContain(message);
    const field = "description" in body ? "description" : "value";
    expect(response.body.error.fields[field]).toBe(message);
  });

  it("refuses a value with a NUL character (the JSON body guard, and the shared schema for the form)", async () => {
    const response = await put("VALID_NAME", { value: "abcd\u0000efgh" });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(MESSAGES.invalidValue);
    const parsed = PutSecretSchema.safeParse({ value: "abcd\u0000efgh" });
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([SECRET_MESSAGES.valueHasNul]);
  });

  it("refuses a body that is not an object", async () => {
    const response = await owner.client.request({
      method: "PUT",
      url: url("/VALID_NAME"),
      payload: "not json",
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(400);
    expect((await listSecretNames(t.app.db, owner.organizationId)).includes("VALID_NAME")).toBe(false);
  });
});

describe("GET /api/orgs/:orgId/secrets", () => {
  it("lists every secret by name with its description, who set it and when, and no value", async () => {
    const other = await registerOwner(t.app);
    await other.client.put(url("/ZED_KEY", other.organizationId), { value: "zed-value!", description: "Last" });
    await other.client.put(url("/ALPHA_KEY", other.organizationId), { value: "alpha-value!" });
    const token = await createApiToken(other.client, other.organizationId, { name: "Rotator", role: "admin" });
    await bearerClient(t.app, token.token).put(url("/MIDDLE_KEY", other.organizationId), { value: "middle-value!" });
    const response = await other.client.get(url("", other.organizationId));
    expect(response.status).toBe(200);
    expect(response.body.items).toEqual([
      { name: "ALPHA_KEY", description: "", updatedAt: expect.any(String), updatedBy: other.email },
      { name: "MIDDLE_KEY", description: "", updatedAt: expect.any(String), updatedBy: 'API token "Rotator"' },
      { name: "ZED_KEY", description: "Last", updatedAt: expect.any(String), updatedBy: other.email },
    ]);
    expect(JSON.stringify(response.body)).not.toContain("value!");
  });
});

describe("the limit of secrets per organization", () => {
  it(`refuses a new secret past ${SECRETS_PER_ORGANIZATION} with 429; replacing one still works`, async () => {
    const full = await registerOwner(t.app);
    const at = (name: string) => url(`/${name}`, full.organizationId);
    expect((await full.client.put(at("FIRST_KEY"), { value: "first-value!" })).status).toBe(201);
    // The rest copied in the database: the limit counts rows, whatever they hold.
    await t.app.db.execute(sql`
      insert into secrets (id, organization_id, name, data_key_id, iv, ciphertext, auth_tag, updated_by)
      select gen_random_uuid()::text, organization_id, 'BULK_' || g, data_key_id, iv, ciphertext, auth_tag, updated_by
      from secrets, generate_series(2, ${SECRETS_PER_ORGANIZATION}) g
      where organization_id = ${full.organizationId} and name = 'FIRST_KEY'`);
    const refused = await full.client.put(at("ONE_TOO_MANY"), { value: "one-too-many!" });
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe(SECRET_MESSAGES.tooMany);
    expect((await full.client.put(at("FIRST_KEY"), { value: "replaced-value!" })).status).toBe(200);
  });
});

describe("DELETE /api/orgs/:orgId/secrets/:name", () => {
  it("deletes the secret (204); a second delete is 404", async () => {
    await put("DOOMED", { value: "doomed-value" });
    expect((await owner.client.delete(url("/DOOMED"))).status).toBe(204);
    expect(await listSecretNames(t.app.db, owner.organizationId)).not.toContain("DOOMED");
    const again = await owner.client.delete(url("/DOOMED"));
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe(SECRET_MESSAGES.notFound);
  });
});

describe("the audit log and live updates", () => {
  it("record creating, replacing and deleting by name, never the value", async () => {
    const { organizationId } = owner;
    const events: LiveEvent[] = [];
    const unsubscribe = t.app.events.subscribe(organizationId, (event) => events.push(event));
    const baseline = await auditRows(t.app, organizationId);
    await put("AUDITED", { value: "audited-one!", description: "Before" });
    await put("AUDITED", { value: "audited-two!", description: "After" });
    await owner.client.delete(url("/AUDITED"));
    // With PostgreSQL the events come back through NOTIFY, after the answers.
    const secretEvents = () => events.filter((event) => event.entity === "secret");
    await eventually(async () => secretEvents().length >= 3);
    unsubscribe();
    const rows = (await rowsSince(t.app, organizationId, baseline)).reverse();
    expect(rows.map((row) => [row.action, row.summary])).toEqual([
      ["secret.created", "Created the secret AUDITED"],
      ["secret.replaced", "Replaced the value of the secret AUDITED"],
      ["secret.deleted", "Deleted the secret AUDITED"],
    ]);
    expect(rows[1]!.changes).toEqual({ description: { before: "Before", after: "After" } });
    const csv = await owner.client.get(`/api/orgs/${organizationId}/audit.csv`);
    expect(csv.status).toBe(200);
    for (const text of [JSON.stringify(rows), String(csv.body), JSON.stringify(events)]) {
      expect(text).not.toContain("audited-");
    }
    expect(secretEvents().map((event) => event.action)).toEqual(["created", "updated", "deleted"]);
  });
});

describe("revealSecrets and listSecretNames (for the run that is given them)", () => {
  it("open the values of the names asked for that exist; a missing name is absent", async () => {
    const mine = await registerOwner(t.app);
    await mine.client.put(url("/ONE_KEY", mine.organizationId), { value: "one-value!" });
    await mine.client.put(url("/TWO_KEY", mine.organizationId), { value: "two-value!\nline 2" });
    const values = await revealSecrets(t.app.db, mine.organizationId, ["TWO_KEY", "MISSING", "ONE_KEY", "ONE_KEY"]);
    expect(values).toEqual(
      new Map([
        ["ONE_KEY", "one-value!"],
        ["TWO_KEY", "two-value!\nline 2"],
      ]),
    );
    expect(await revealSecrets(t.app.db, mine.organizationId, [])).toEqual(new Map());
    expect(await listSecretNames(t.app.db, mine.organizationId)).toEqual(["ONE_KEY", "TWO_KEY"]);
    // Inside a transaction too.
    await t.app.db.transaction(async (tx) => {
      expect((await revealSecrets(tx, mine.organizationId, ["ONE_KEY"])).get("ONE_KEY")).toBe("one-value!");
    });
    // Another organization's names give nothing.
    expect(await revealSecrets(t.app.db, owner.organizationId, ["ONE_KEY", "TWO_KEY"])).toEqual(new Map());
  });

  it("refuse a row moved to another name or another organization: the value is bound to both", async () => {
    const first = await registerOwner(t.app);
    const second = await registerOwner(t.app);
    await first.client.put(url("/SOURCE_KEY", first.organizationId), { value: "source-value!" });
    await first.client.put(url("/TARGET_KEY", first.organizationId), { value: "target-value!" });
    await second.client.put(url("/TARGET_KEY", second.organizationId), { value: "other-org-value!" });
    const copySealed = (toOrganization: string) => sql`
      update secrets t set iv = s.iv, ciphertext = s.ciphertext, auth_tag = s.auth_tag
      from secrets s where s.organization_id = ${first.organizationId} and s.name = 'SOURCE_KEY'
        and t.organization_id = ${toOrganization} and t.name = 'TARGET_KEY'`;
    await t.app.db.execute(copySealed(first.organizationId));
    await expect(revealSecrets(t.app.db, first.organizationId, ["TARGET_KEY"])).rejects.toMatchObject({
      code: "unavailable",
      message: SECRET_MESSAGES.cannotOpenValue("TARGET_KEY"),
    });
    await t.app.db.execute(copySealed(second.organizationId));
    await expect(revealSecrets(t.app.db, second.organizationId, ["TARGET_KEY"])).rejects.toMatchObject({
      code: "unavailable",
    });
    // The untouched secret still opens.
    expect((await revealSecrets(t.app.db, first.organizationId, ["SOURCE_KEY"])).get("SOURCE_KEY")).toBe(
      "source-value!",
    );
  });
});
