import { INITIAL_CREDITS, MESSAGES, type LiveEvent } from "@flowdeck/shared";
import { CREDIT_TEXTS } from "@flowdeck/shared/credits/messages";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { organizations } from "../../src/db/schema/index.ts";
import { createUser, registerOwner } from "../helpers/factories.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { balanceAndLedger, changeCredits } from "./ledger-helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("a new organization's balance", () => {
  it("starts at 100 with one 'Initial credits' addition, from registration", async () => {
    const owner = await registerOwner(t.app);
    expect(await balanceAndLedger(t.app, owner.organizationId)).toEqual({
      balance: INITIAL_CREDITS,
      ledgerSum: INITIAL_CREDITS,
      rows: 1,
    });
    const history = await owner.client.get(`/api/orgs/${owner.organizationId}/credits/transactions`);
    expect(history.body.items).toEqual([
      expect.objectContaining({
        amount: 100,
        type: "addition",
        description: CREDIT_TEXTS.initialCredits,
        userId: owner.id,
      }),
    ]);
  });

  it("starts at 100 from the dashboard's create form too", async () => {
    const user = await createUser(t.app);
    const created = await user.client.post("/api/organizations", { name: "  Night Shift " });
    expect(created.status).toBe(201);
    expect(await balanceAndLedger(t.app, created.body.id)).toEqual({ balance: 100, ledgerSum: 100, rows: 1 });
  });

  it("refuses a blank organization name with the spec's text", async () => {
    const user = await createUser(t.app);
    const response = await user.client.post("/api/organizations", { name: "   " });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(MESSAGES.organizationNameRequired);
  });
});

describe("consuming and adding credits", () => {
  it("moves the balance and writes a signed ledger row in the same transaction", async () => {
    const owner = await registerOwner(t.app);
    const org = owner.organizationId;

    const consumed = await changeCredits(owner.client, org, "consume", { amount: 30, description: "  Export run " });
    expect(consumed.status).toBe(201);
    expect(consumed.body).toEqual({
      balance: 70,
      transaction: {
        id: expect.any(String),
        amount: -30,
        type: "consumption",
        description: "Export run",
        userId: owner.id,
        userName: owner.email.split("@")[0],
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    });

    const added = await changeCredits(owner.client, org, "add", { amount: 5 });
    expect(added.status).toBe(201);
    expect(added.body.balance).toBe(75);
    expect(added.body.transaction).toEqual(
      expect.objectContaining({ amount: 5, type: "addition", description: CREDIT_TEXTS.addedDescription }),
    );

    const plain = await changeCredits(owner.client, org, "consume", { amount: 1, description: "" });
    expect(plain.body.transaction.description).toBe(CREDIT_TEXTS.consumedDescription);
    expect(await balanceAndLedger(t.app, org)).toEqual({ balance: 74, ledgerSum: 74, rows: 4 });

    const me = await owner.client.get("/api/me");
    expect(me.body.organizations[0].credits).toBe(74);
  });

  it.each([
    [{ amount: 0 }, MESSAGES.amountMustBePositive],
    [{ amount: -5 }, MESSAGES.amountMustBePositive],
    [{ amount: "5" }, MESSAGES.amountMustBePositive],
    [{}, MESSAGES.amountMustBePositive],
    [{ amount: 2.5 }, CREDIT_TEXTS.amountWhole],
    [{ amount: 1_000_001 }, CREDIT_TEXTS.amountTooLarge(1_000_000)],
    [{ amount: 1, description: "x".repeat(201) }, CREDIT_TEXTS.descriptionTooLong(200)],
  ])("refuses %j on both routes with the spec's text, changing nothing", async (body, message) => {
    const owner = await registerOwner(t.app);
    for (const kind of ["consume", "add"] as const) {
      const response = await changeCredits(owner.client, owner.organizationId, kind, body);
      expect(response.status).toBe(400);
      expect(response.body.error).toEqual(expect.objectContaining({ code: "invalid-argument", message }));
    }
    expect(await balanceAndLedger(t.app, owner.organizationId)).toEqual({ balance: 100, ledgerSum: 100, rows: 1 });
  });

  it("refuses to consume more than the balance with 'Insufficient credits', and allows exactly all of it", async () => {
    const owner = await registerOwner(t.app);
    const org = owner.organizationId;
    const refused = await changeCredits(owner.client, org, "consume", { amount: 101 });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: { code: "invalid-argument", message: MESSAGES.insufficientCredits } });
    expect(await balanceAndLedger(t.app, org)).toEqual({ balance: 100, ledgerSum: 100, rows: 1 });

    const all = await changeCredits(owner.client, org, "consume", { amount: 100 });
    expect(all.status).toBe(201);
    expect(all.body.balance).toBe(0);
    const more = await changeCredits(owner.client, org, "consume", { amount: 1 });
    expect(more.body.error.message).toBe(MESSAGES.insufficientCredits);
  });

  it("never lets the balance pass the largest integer the database holds", async () => {
    const owner = await registerOwner(t.app);
    const org = owner.organizationId;
    const { db } = t.app;
    // Near the ceiling without a ledger row would break the invariant; restore it afterwards.
    await db.update(organizations).set({ credits: 2_147_483_000 }).where(eq(organizations.id, org));
    const response = await changeCredits(owner.client, org, "add", { amount: 1_000 });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(CREDIT_TEXTS.balanceTooLarge(2_147_483_647));
    await db.update(organizations).set({ credits: 100 }).where(eq(organizations.id, org));
  });

  it("announces the change to the organization after it commits: credit and organization", async () => {
    const owner = await registerOwner(t.app);
    const org = owner.organizationId;
    const events: LiveEvent[] = [];
    // The owner's own sign-in (an audit event) may still be arriving through PostgreSQL: not counted.
    const unsubscribe = t.app.events.subscribe(org, (event) => event.entity !== "audit" && events.push(event));
    try {
      const response = await changeCredits(owner.client, org, "consume", { amount: 3 });
      // With PostgreSQL the events travel through NOTIFY, so they may arrive a moment later.
      await vi.waitFor(() => expect(events).toHaveLength(2));
      expect(events).toEqual([
        { entity: "credit", id: response.body.transaction.id, action: "created" },
        { entity: "organization", id: org, action: "updated" },
      ]);
      events.length = 0;
      const refused = await changeCredits(owner.client, org, "consume", { amount: 500 });
      expect(refused.status).toBe(400);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(events).toEqual([]);
    } finally {
      unsubscribe();
    }
  });
});

describe("GET /api/orgs/:orgId/credits/transactions", () => {
  it("pages the whole history newest first and filters by type", async () => {
    const owner = await registerOwner(t.app);
    const org = owner.organizationId;
    for (let index = 1; index <= 12; index++) {
      const kind = index % 3 === 0 ? "add" : "consume";
      const response = await changeCredits(owner.client, org, kind, { amount: index, description: `change ${index}` });
      expect(response.status).toBe(201);
    }
    const first = await owner.client.get(`/api/orgs/${org}/credits/transactions?pageSize=10`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual(expect.objectContaining({ total: 13, totalCapped: false, pageSize: 10 }));
    expect(first.body.items.map((item: any) => item.description)).toEqual([
      "change 12",
      "change 11",
      "change 10",
      "change 9",
      "change 8",
      "change 7",
      "change 6",
      "change 5",
      "change 4",
      "change 3",
    ]);
    const second = await owner.client.get(
      `/api/orgs/${org}/credits/transactions?pageSize=10&cursor=${first.body.nextCursor}`,
    );
    expect(second.body.items.map((item: any) => item.description)).toEqual([
      "change 2",
      "change 1",
      CREDIT_TEXTS.initialCredits,
    ]);

    const additions = await owner.client.get(`/api/orgs/${org}/credits/transactions?type=addition`);
    expect(additions.body.total).toBe(5);
    expect(additions.body.items.every((item: any) => item.type === "addition" && item.amount > 0)).toBe(true);
    const consumptions = await owner.client.get(`/api/orgs/${org}/credits/transactions?type=consumption`);
    expect(consumptions.body.total).toBe(8);
    expect(consumptions.body.items.every((item: any) => item.type === "consumption" && item.amount < 0)).toBe(true);
    expect(await balanceAndLedger(t.app, org)).toEqual(expect.objectContaining({ rows: 13 }));
  });

  it.each(["type=refund", "cursor=WzEsMl0", "pageSize=101", "pageSize=abc"])("refuses ?%s", async (query) => {
    const owner = await registerOwner(t.app);
    const response = await owner.client.get(`/api/orgs/${owner.organizationId}/credits/transactions?${query}`);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("invalid-argument");
  });

  it("shows one organization's ledger only", async () => {
    const first = await registerOwner(t.app);
    const second = await registerOwner(t.app);
    await changeCredits(second.client, second.organizationId, "consume", { amount: 9 });
    const response = await first.client.get(`/api/orgs/${first.organizationId}/credits/transactions`);
    expect(response.body.total).toBe(1);
  });
});
