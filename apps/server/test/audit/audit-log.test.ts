import { AppError } from "@flowdeck/shared";
import { eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog, organizations, tasks, verification } from "../../src/db/schema/index.ts";
import { purgeExpiredAuditRows } from "../../src/modules/audit/expire-audit.ts";
import { transact } from "../../src/lib/change-log.ts";
import { addMember, createUser, registerOwner, signIn, TEST_PASSWORD } from "../helpers/factories.ts";
import { TestClient } from "../helpers/http-client.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { totpCode } from "../helpers/totp.ts";
import { auditRows, rowsSince } from "./audit-support.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the audit row and its change", () => {
  it("are one: a transaction that fails after its change leaves neither the change nor the row", async () => {
    const owner = await registerOwner(t.app);
    const baseline = await auditRows(t.app, owner.organizationId);
    const actor = { kind: "user" as const, userId: owner.id, email: owner.email, name: "" };
    const context = { db: t.app.db, events: t.app.events, actor, organizationId: owner.organizationId };
    const attempt = transact(context, async (tx, log) => {
      await tx.insert(tasks).values({ organizationId: owner.organizationId, name: "Half made", category: "general" });
      log.record({ action: "task.created", entityId: "x", summary: 'Created the command "Half made"' });
      throw new AppError("aborted", "Something failed after the change");
    });
    await expect(attempt).rejects.toThrow("Something failed after the change");
    expect(await rowsSince(t.app, owner.organizationId, baseline)).toEqual([]);
    const made = await t.app.db.select().from(tasks).where(eq(tasks.organizationId, owner.organizationId));
    expect(made).toEqual([]);
  });

  it("are one through HTTP too: a refused role change (the last owner) records nothing", async () => {
    const owner = await registerOwner(t.app);
    const baseline = await auditRows(t.app, owner.organizationId);
    const response = await owner.client.patch(`/api/orgs/${owner.organizationId}/members/${owner.id}`, {
      role: "admin",
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(await rowsSince(t.app, owner.organizationId, baseline)).toEqual([]);
  });

  it("keeps what changed, before and after, and announces the change once", async () => {
    const owner = await registerOwner(t.app);
    const heard: unknown[] = [];
    const unsubscribe = t.app.events.subscribe(owner.organizationId, (event) => heard.push(event));
    const created = await owner.client.post(`/api/orgs/${owner.organizationId}/tasks`, {
      name: "Back up",
      category: "backup",
      commands: { linux: "backup.sh" },
    });
    await owner.client.patch(`/api/orgs/${owner.organizationId}/tasks/${created.body.id}`, { name: "Back up nightly" });
    // On PostgreSQL events come back through LISTEN/NOTIFY, a moment after the answer, and in any
    // order; the owner's own sign-in (an audit event) may still be on its way too.
    const taskEvents = () => heard.filter((event) => (event as { entity: string }).entity === "task");
    await expect.poll(() => taskEvents().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    unsubscribe();
    const [updated] = await auditRows(t.app, owner.organizationId);
    expect(updated).toMatchObject({
      action: "task.updated",
      entityType: "task",
      entityId: created.body.id,
      summary: 'Changed the command "Back up nightly"',
      changes: { name: { before: "Back up", after: "Back up nightly" } },
    });
    expect(taskEvents()).toHaveLength(2);
    expect(taskEvents()).toEqual(
      expect.arrayContaining([
        { entity: "task", id: created.body.id, action: "created" },
        { entity: "task", id: created.body.id, action: "updated" },
      ]),
    );
  });
});

describe("sign-in events", () => {
  it("records a sign-in, a failed sign-in and a sign-out in the account's organization", async () => {
    const owner = await registerOwner(t.app);
    const baseline = await auditRows(t.app, owner.organizationId);
    const heard: unknown[] = [];
    const unsubscribe = t.app.events.subscribe(owner.organizationId, (event) => heard.push(event));
    const client = new TestClient(t.app);
    const failed = await client.post("/api/auth/sign-in/email", { email: owner.email, password: "wrong-password-1" });
    expect(failed.status).toBe(401);
    await signIn(client, owner.email, TEST_PASSWORD);
    expect((await client.post("/api/auth/sign-out", {})).status).toBe(200);
    const rows = (await rowsSince(t.app, owner.organizationId, baseline)).reverse();
    expect(rows.map((row) => [row.action, row.actorId])).toEqual([
      ["auth.sign_in_failed", owner.id],
      ["auth.signed_in", owner.id],
      ["auth.signed_out", owner.id],
    ]);
    expect(rows[0]!.summary).toBe(`A sign-in as ${owner.email} failed`);
    // No screen shows a sign-in but the audit page, which hears of each new row (the owner's
    // registration sign-in may be heard too, through PostgreSQL, so only these rows are counted).
    const ids = new Set(rows.map((row) => String(row.id)));
    const ours = () => heard.filter((event) => ids.has((event as { id: string }).id));
    await expect.poll(() => ours().length, { timeout: 10_000 }).toBe(rows.length);
    unsubscribe();
    expect(ours()).toEqual(
      expect.arrayContaining(rows.map((row) => ({ entity: "audit", id: String(row.id), action: "created" }))),
    );
  });

  it("records a failed sign-in for an unknown address in no organization, naming no account", async () => {
    const email = `nobody-${Date.now()}@example.com`;
    await new TestClient(t.app).post("/api/auth/sign-in/email", { email, password: "wrong-password-1" });
    const rows = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.summary, `A sign-in as ${email} failed`));
    expect(rows).toMatchObject([{ organizationId: null, actorId: null, action: "auth.sign_in_failed" }]);
  });
});

describe("account events", () => {
  it("records two-factor turned on, a sign-in with a code, two-factor turned off, and a password reset", async () => {
    const owner = await registerOwner(t.app);
    const baseline = await auditRows(t.app, owner.organizationId);
    const started = await owner.client.post("/api/auth/two-factor/enable", { password: owner.password });
    const { totpURI } = started.body as { totpURI: string };
    expect((await owner.client.post("/api/auth/two-factor/verify-totp", { code: totpCode(totpURI) })).status).toBe(200);

    const client = new TestClient(t.app);
    expect(
      (await client.post("/api/auth/sign-in/email", { email: owner.email, password: owner.password })).body,
    ).toMatchObject({
      twoFactorRedirect: true,
    });
    expect((await client.post("/api/auth/two-factor/verify-totp", { code: totpCode(totpURI) })).status).toBe(200);
    expect((await client.post("/api/auth/two-factor/disable", { password: owner.password })).status).toBe(200);

    expect((await new TestClient(t.app).post("/api/auth/request-password-reset", { email: owner.email })).status).toBe(
      200,
    );
    const token = await vi.waitFor(async () => {
      const [row] = await t.app.db.select().from(verification).where(like(verification.identifier, "reset-password:%"));
      const found = row && row.value === owner.id ? row.identifier.slice("reset-password:".length) : undefined;
      if (!found) throw new Error("no reset token yet");
      return found;
    });
    const reset = await new TestClient(t.app).post("/api/auth/reset-password", {
      token,
      newPassword: "another-horse-43",
    });
    expect(reset.status).toBe(200);

    const actions = (await rowsSince(t.app, owner.organizationId, baseline)).reverse().map((row) => row.action);
    expect(actions).toEqual([
      "auth.two_factor_enabled",
      "auth.signed_in",
      "auth.two_factor_disabled",
      "auth.password_reset",
    ]);
  });
});

describe("append-only", () => {
  it("refuses to change or delete a row, even straight in the database", async () => {
    const owner = await registerOwner(t.app);
    const [row] = await auditRows(t.app, owner.organizationId);
    await expect(
      t.app.db.update(auditLog).set({ summary: "nothing happened" }).where(eq(auditLog.id, row!.id)),
    ).rejects.toThrow();
    await expect(t.app.db.delete(auditLog).where(eq(auditLog.id, row!.id))).rejects.toThrow();
    await expect(t.app.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect((await auditRows(t.app, owner.organizationId))[0]).toEqual(row);
  });

  it("lets the retention job delete only rows older than the organization keeps them", async () => {
    const owner = await registerOwner(t.app);
    await t.app.db
      .update(organizations)
      .set({ auditRetentionDays: 30 })
      .where(eq(organizations.id, owner.organizationId));
    const old = (days: number) => ({
      organizationId: owner.organizationId,
      at: new Date(Date.now() - days * 86_400_000),
      actorKind: "system" as const,
      actorLabel: "Scheduler",
      action: "workflow.run",
      entityType: "workflow",
      summary: `${days} days ago`,
    });
    await t.app.db.insert(auditLog).values([old(31), old(29)]);
    await purgeExpiredAuditRows(t.app.db);
    const summaries = (await auditRows(t.app, owner.organizationId)).map((row) => row.summary);
    expect(summaries).toContain("29 days ago");
    expect(summaries).not.toContain("31 days ago");
  });
});

describe("GET /api/orgs/:orgId/audit", () => {
  it("pages newest first with a cursor, filters, and exports the filtered rows as formula-safe CSV", async () => {
    const owner = await registerOwner(t.app);
    const org = `/api/orgs/${owner.organizationId}`;
    for (const name of ['=HYPERLINK("http://evil")', "Second", "Third"]) {
      await owner.client.post(`${org}/tasks`, { name, category: "general", commands: { linux: "true" } });
    }
    const first = await owner.client.get(`${org}/audit?action=task.created&limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.items.map((entry: { summary: string }) => entry.summary)).toEqual([
      'Created the command "Third"',
      'Created the command "Second"',
    ]);
    const second = await owner.client.get(`${org}/audit?action=task.created&limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.items).toHaveLength(1);
    expect(second.body.nextCursor).toBeNull();
    expect(second.body.items[0].actor).toMatchObject({ kind: "user", id: owner.id, label: owner.email });

    const none = await owner.client.get(
      `${org}/audit?action=task.created&from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
    );
    expect(none.body.items).toEqual([]);
    const byActor = await owner.client.get(
      `${org}/audit?actor=${encodeURIComponent(owner.email.slice(0, 8).toUpperCase())}&entityType=task`,
    );
    expect(byActor.body.items).toHaveLength(3);

    const csv = await owner.client.get(`${org}/audit.csv?action=task.created`);
    expect(csv.status).toBe(200);
    expect(String(csv.headers["content-type"])).toContain("text/csv");
    expect(String(csv.headers["content-disposition"])).toMatch(/^attachment; filename="audit-log-/);
    const lines = String(csv.body).trim().split("\n");
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^time,actor kind,actor,/);
    expect(lines[3]).toContain(`"Created the command ""=HYPERLINK(""http://evil"")"""`);
  });

  it("prefixes CSV cells a spreadsheet would run as a formula (= + - @)", async () => {
    const owner = await registerOwner(t.app);
    await t.app.db.insert(auditLog).values(
      ["=SUM(A1)", "+1", "-2", "@cmd"].map((label) => ({
        organizationId: owner.organizationId,
        actorKind: "token" as const,
        actorLabel: label,
        action: "task.created",
        entityType: "task",
        summary: label,
      })),
    );
    const csv = String((await owner.client.get(`/api/orgs/${owner.organizationId}/audit.csv?actorKind=token`)).body);
    for (const cell of ["'=SUM(A1)", "'+1", "'-2", "'@cmd"]) expect(csv).toContain(`,${cell},`);
    expect(csv).not.toMatch(/,[=+\-@]/);
  });

  it("refuses a bad filter with a clear 400", async () => {
    const owner = await registerOwner(t.app);
    const response = await owner.client.get(`/api/orgs/${owner.organizationId}/audit?action=tasks.destroy`);
    expect(response.status).toBe(400);
    const cursor = await owner.client.get(`/api/orgs/${owner.organizationId}/audit?cursor=abc`);
    expect(cursor.status).toBe(400);
  });
});

describe("the retention setting", () => {
  it("is the owner's: 7 to 3650 days, 365 until changed", async () => {
    const owner = await registerOwner(t.app);
    const admin = await createUser(t.app);
    await addMember(t.app, { organizationId: owner.organizationId, userId: admin.id, role: "admin" });
    const url = `/api/orgs/${owner.organizationId}/audit/retention`;
    expect((await owner.client.get(url)).body).toEqual({ days: 365 });
    expect((await admin.client.put(url, { days: 30 })).status).toBe(403);
    expect((await owner.client.put(url, { days: 6 })).status).toBe(400);
    expect((await owner.client.put(url, { days: 3651 })).status).toBe(400);
    expect((await owner.client.put(url, { days: 30 })).body).toEqual({ days: 30 });
    expect((await admin.client.get(url)).body).toEqual({ days: 30 });
  });
});
