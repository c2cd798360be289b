import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { creditTransactions, organizations } from "../../src/db/schema/index.ts";
import type { TestClient, TestResponse } from "../helpers/http-client.ts";

export type ChangeKind = "consume" | "add";

/** POST .../credits/consume or .../credits/add, with an Idempotency-Key when given. */
export function changeCredits(
  client: TestClient,
  orgId: string,
  kind: ChangeKind,
  body: unknown,
  idempotencyKey?: string,
): Promise<TestResponse<any>> {
  return client.request({
    method: "POST",
    url: `/api/orgs/${orgId}/credits/${kind}`,
    payload: body as object,
    headers: idempotencyKey ? { "idempotency-key": idempotencyKey } : {},
  });
}

/** The stored balance and the sum of the organization's ledger, read from the database. */
export async function balanceAndLedger(app: FastifyInstance, organizationId: string) {
  const [org] = await app.db
    .select({ balance: organizations.credits })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  const [ledger] = await app.db
    .select({
      sum: sql<number>`coalesce(sum(${creditTransactions.amount}), 0)`.mapWith(Number),
      rows: sql<number>`count(*)`.mapWith(Number),
    })
    .from(creditTransactions)
    .where(eq(creditTransactions.organizationId, organizationId));
  return { balance: org?.balance, ledgerSum: ledger?.sum ?? 0, rows: ledger?.rows ?? 0 };
}
