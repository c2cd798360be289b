import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentFiles, documents } from "../../src/db/schema/index.ts";
import { IDEMPOTENCY_TEXTS } from "../../src/lib/idempotency.ts";
import { auditRows, rowsSince } from "../audit/audit-support.ts";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { pdf } from "./fixtures.ts";
import { upload, uploadOk, uploadVersion } from "./requests.ts";

// The web app sends one Idempotency-Key per upload it means to make (lib/idempotency-key.ts): a
// retried upload is made once, whatever the network did to the first answer.

let t: TestApp;
let org: OrgWithRoles;
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrgWithRoles(t.app);
});
afterAll(() => t.close());

const editor = () => org.users.editor.client;
const pdfFile = (text: string, fileName = "plan.pdf") => ({
  fileName,
  contentType: "application/pdf",
  data: pdf(text),
});
const withKey = (key: string) => ({ "idempotency-key": key });
const documentsTitled = (title: string) => t.app.db.select().from(documents).where(eq(documents.title, title));

describe("an upload with an Idempotency-Key", () => {
  it("is made once: a retry answers the first document again, marked replayed, and records nothing more", async () => {
    const key = randomUUID();
    const options = { file: pdfFile("once"), fields: { title: "Uploaded once" }, headers: withKey(key) };
    const baseline = await auditRows(t.app, org.organizationId);
    const first = await upload(editor(), org.organizationId, options);
    const again = await upload(editor(), org.organizationId, options);
    expect(first.status).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    expect(again.status).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(await documentsTitled("Uploaded once")).toHaveLength(1);
    expect((await rowsSince(t.app, org.organizationId, baseline)).map((row) => row.action)).toEqual([
      "document.uploaded",
    ]);
  });

  it("is refused with 409 when the key comes back with another file or other fields, and stores nothing", async () => {
    const key = randomUUID();
    const first = await upload(editor(), org.organizationId, {
      file: pdfFile("first"),
      fields: { title: "Keyed" },
      headers: withKey(key),
    });
    expect(first.status).toBe(201);
    for (const options of [
      { file: pdfFile("another file"), fields: { title: "Keyed" } },
      { file: pdfFile("first"), fields: { title: "Keyed, renamed" } },
    ]) {
      const reused = await upload(editor(), org.organizationId, { ...options, headers: withKey(key) });
      expect(reused.status).toBe(409);
      expect(reused.body).toEqual({ error: { code: "aborted", message: IDEMPOTENCY_TEXTS.keyReused } });
    }
    expect(await documentsTitled("Keyed")).toHaveLength(1);
    expect(await documentsTitled("Keyed, renamed")).toHaveLength(0);
  });

  it("keeps the key free when the upload was refused before it ran (no file)", async () => {
    const key = randomUUID();
    const refused = await upload(editor(), org.organizationId, { fields: { title: "No file" }, headers: withKey(key) });
    expect(refused.status).toBe(400);
    const made = await upload(editor(), org.organizationId, {
      file: pdfFile("now with a file"),
      fields: { title: "No file" },
      headers: withKey(key),
    });
    expect(made.status).toBe(201);
    expect(made.headers["idempotent-replayed"]).toBeUndefined();
  });
});

describe("a new version with an Idempotency-Key", () => {
  it("is added once: a retry answers version 2 again and adds no version 3", async () => {
    const document = await uploadOk(editor(), org.organizationId, { file: pdfFile("v1") });
    const key = randomUUID();
    const options = { file: pdfFile("v2", "plan-v2.pdf"), headers: withKey(key) };
    const first = await uploadVersion(editor(), org.organizationId, document.id, options);
    const again = await uploadVersion(editor(), org.organizationId, document.id, options);
    expect(first.status).toBe(201);
    expect(first.body.version).toBe(2);
    expect(again.status).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.body).toEqual(first.body);
    const files = await t.app.db.select().from(documentFiles).where(eq(documentFiles.documentId, document.id));
    expect(files.map((file) => file.version).sort()).toEqual([1, 2]);

    const other = await uploadVersion(editor(), org.organizationId, document.id, {
      file: pdfFile("v3", "plan-v3.pdf"),
      headers: withKey(key),
    });
    expect(other.status).toBe(409);
    expect(other.body.error.message).toBe(IDEMPOTENCY_TEXTS.keyReused);
  });
});
