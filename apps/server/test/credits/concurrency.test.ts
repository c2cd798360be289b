import { randomUUID } from "node:crypto";
import { MESSAGES, type LiveEvent } from "@flowdeck/shared";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { IDEMPOTENCY_TEXTS } from "../../src/lib/idempotency.ts";
import { addMember, createUser, registerOwner } from "../helpers/factories.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { balanceAndLedger, changeCredits } from "./ledger-helpers.ts";

// On PostgreSQL these requests really run at once, on several connections; on PGlite the embedded
// database takes them one at a time. The answers must be the same on both.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("many changes at once", () => {
  it("30 simultaneous consumes of 10 against 100: exactly 10 succeed, the balance is 0 and equals the ledger", async () => {
    const owner = await registerOwner(t.app);
    const org = owner.organizationId;
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        changeCredits(owner.client, org, "consume", { amount: 10, description: `run ${index}` }),
      ),
    );
    const succeeded = results.filter((result) => result.status === 201);
    const refused = results.filter((result) => result.status !== 201);
    expect(succeeded).toHaveLength(10);
    expect(refused).toHaveLength(20);
    for (const result of refused) {
      expect(result.body).toEqual({ error: { code: "invalid-argument", message: MESSAGES.insufficientCredits } });
    }
    // Every success saw a different balance on its way down to 0.
    expect(succeeded.map((result) => result.body.balance).sort((a, b) => a - b)).toEqual([
      0, 10, 20, 30, 40, 50, 60, 70, 80, 90,
    ]);
    expect(await balanceAndLedger(t.app, org)).toEqual({ balance: 0, ledgerSum: 0, rows: 11 });
  });

  it("members consuming and adding at once, with uneven amounts, keep the balance exact and equal to the ledger", async () => {
    const owner = await registerOwner(t.app);
    const org = owner.organizationId;
    const editor = await createUser(t.app);
    await addMember(t.app, { organizationId: org, userId: editor.id, role: "editor" });
    const requests = Array.from({ length: 40 }, (_, index) =>
      index % 4 === 0
        ? changeCredits(owner.client, org, "add", { amount: 7 })
        : changeCredits(index % 2 ? editor.client : owner.client, org, "consume", { amount: 3 + (index % 5) }),
    );
    const results = await Promise.all(requests);
    expect(
      results.every((result) => result.status === 201 || result.body.error?.message === MESSAGES.insufficientCredits),
    ).toBe(true);
    const applied = results
      .filter((result) => result.status === 201)
      .reduce((sum, result) => sum + result.body.transaction.amount, 0);
    const { balance, ledgerSum } = await balanceAndLedger(t.app, org);
    expect(balance).toBe(100 + applied);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(ledgerSum).toBe(balance);
  });
});

describe("the Idempotency-Key header", () => {
  it("sent 20 times at once, applies the change once and gives every request the same answer", async () => {
    const owner = await registerOwner(t.app);
    const org = owner.organizationId;
    const key = randomUUID();
    const events: LiveEvent[] = [];
    const unsubscribe = t.app.events.subscribe(org, (event) => events.push(event));
    try {
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          changeCredits(owner.client, org, "consume", { amount: 15, description: "Nightly export" }, key),
        ),
      );
      expect(results.map((result) => result.status)).toEqual(Array(20).fill(201));
      const [first] = results;
      for (const result of results) expect(result.body).toEqual(first?.body);
      expect(first?.body.balance).toBe(85);
      expect(results.filter((result) => result.headers["idempotent-replayed"] === "true")).toHaveLength(19);
      expect(await balanceAndLedger(t.app, org)).toEqual({ balance: 85, ledgerSum: 85, rows: 2 });
      // The owner's own sign-in (an audit event) may still be arriving through PostgreSQL.
      const changes = () => events.filter((event) => event.entity !== "audit");
      await vi.waitFor(() => expect(changes()).toHaveLength(2), { timeout: 10_000 });
      // Give a wrongly repeated announcement the time to arrive.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(changes().filter((event) => event.entity === "credit")).toHaveLength(1);
    } finally {
      unsubscribe();
    }
  });

  it("repeated later, answers the stored result without applying again", async () => {
    const owner = await registerOwner(t.app);
    const org = owner.organizationId;
    const key = randomUUID();
    const first = await changeCredits(owner.client, org, "add", { amount: 40 }, key);
    await changeCredits(owner.client, org, "consume", { amount: 5 });
    const again = await changeCredits(owner.client, org, "add", { amount: 40 }, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.body.balance).toBe(140);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    expect(await balanceAndLedger(t.app, org)).toEqual({ balance: 135, ledgerSum: 135, rows: 3 });
  });

  it("with a different body, route or organization, is refused with 409 and changes nothing", async () => {
    const owner = await registerOwner(t.app);
    const org = owner.organizationId;
    const key = randomUUID();
    await changeCredits(owner.client, org, "consume", { amount: 10 }, key);

    const otherBody = await changeCredits(owner.client, org, "consume", { amount: 11 }, key);
    expect(otherBody.status).toBe(409);
    expect(otherBody.body).toEqual({ error: { code: "aborted", message: IDEMPOTENCY_TEXTS.keyReused } });
    const otherRoute = await changeCredits(owner.client, org, "add", { amount: 10 }, key);
    expect(otherRoute.status).toBe(409);
    const description = await changeCredits(owner.client, org, "consume", { amount: 10, description: "x" }, key);
    expect(description.status).toBe(409);

    const second = await owner.client.post("/api/organizations", { name: "Second" });
    const otherOrg = await changeCredits(owner.client, second.body.id, "consume", { amount: 10 }, key);
    expect(otherOrg.status).toBe(409);
    expect(await balanceAndLedger(t.app, org)).toEqual({ balance: 90, ledgerSum: 90, rows: 2 });
    expect(await balanceAndLedger(t.app, second.body.id)).toEqual({ balance: 100, ledgerSum: 100, rows: 1 });
  });

  it("sent at once with different bodies, applies exactly one of them and refuses the others", async () => {
    const owner = await registerOwner(t.app);
    const org = owner.organizationId;
    const key = randomUUID();
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((amount) => changeCredits(owner.client, org, "consume", { amount }, key)),
    );
    const applied = results.filter((result) => result.status === 201);
    expect(applied).toHaveLength(1);
    expect(results.filter((result) => result.status === 409)).toHaveLength(4);
    expect(await balanceAndLedger(t.app, org)).toEqual({
      balance: applied[0]?.body.balance,
      ledgerSum: applied[0]?.body.balance,
      rows: 2,
    });
  });

  it("is scoped to the user: another member may use the same key value for their own request", async () => {
    const owner = await registerOwner(t.app);
    const org = owner.organizationId;
    const editor = await createUser(t.app);
    await addMember(t.app, { organizationId: org, userId: editor.id, role: "editor" });
    const key = randomUUID();
    expect((await changeCredits(owner.client, org, "consume", { amount: 1 }, key)).status).toBe(201);
    expect((await changeCredits(editor.client, org, "consume", { amount: 2 }, key)).status).toBe(201);
    expect(await balanceAndLedger(t.app, org)).toEqual({ balance: 97, ledgerSum: 97, rows: 3 });
  });

  it("stores a refusal as the answer: a retry of an 'Insufficient credits' stays refused after a top-up", async () => {
    const owner = await registerOwner(t.app);
    const org = owner.organizationId;
    const key = randomUUID();
    const refused = await changeCredits(owner.client, org, "consume", { amount: 150 }, key);
    expect(refused.status).toBe(400);
    await changeCredits(owner.client, org, "add", { amount: 100 });
    const retried = await changeCredits(owner.client, org, "consume", { amount: 150 }, key);
    expect(retried.status).toBe(400);
    expect(retried.body).toEqual(refused.body);
    expect(retried.headers["idempotent-replayed"]).toBe("true");
    expect(await balanceAndLedger(t.app, org)).toEqual({ balance: 200, ledgerSum: 200, rows: 2 });
    // A new key is a new request.
    expect((await changeCredits(owner.client, org, "consume", { amount: 150 }, randomUUID())).status).toBe(201);
  });

  it("stores nothing for a request that never ran: after an invalid body, the key is still free", async () => {
    const owner = await registerOwner(t.app);
    const org = owner.organizationId;
    const key = randomUUID();
    const invalid = await changeCredits(owner.client, org, "consume", { amount: 0 }, key);
    expect(invalid.status).toBe(400);
    const valid = await changeCredits(owner.client, org, "consume", { amount: 5 }, key);
    expect(valid.status).toBe(201);
    expect(valid.headers["idempotent-replayed"]).toBeUndefined();
    expect(await balanceAndLedger(t.app, org)).toEqual({ balance: 95, ledgerSum: 95, rows: 2 });
  });

  it.each([
    ["", "empty"],
    ["a".repeat(256), "too long"],
    ["has space", "with a space"],
  ])("refuses a malformed key (%#: %s)", async (key) => {
    const owner = await registerOwner(t.app);
    const response = await owner.client.request<any>({
      method: "POST",
      url: `/api/orgs/${owner.organizationId}/credits/consume`,
      payload: { amount: 1 },
      headers: { "idempotency-key": key },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(IDEMPOTENCY_TEXTS.invalidKey);
    expect(await balanceAndLedger(t.app, owner.organizationId)).toEqual({ balance: 100, ledgerSum: 100, rows: 1 });
  });
});
