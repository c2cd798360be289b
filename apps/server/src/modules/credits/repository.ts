import type { CreditTransaction, CreditTransactionType } from "@flowdeck/shared/credits/schemas";
import { and, count, desc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import { creditTransactions, organizations, user } from "../../db/schema/index.ts";

/**
 * Takes `amount` credits when the balance holds them: one conditional UPDATE, so however many
 * requests run at once, the balance never goes below zero. Undefined when it does not hold them.
 */
export async function takeCredits(db: Executor, values: { organizationId: string; amount: number }) {
  const [row] = await db
    .update(organizations)
    .set({ credits: sql`${organizations.credits} - ${values.amount}`, lastActivity: sql`now()` })
    .where(and(eq(organizations.id, values.organizationId), gte(organizations.credits, values.amount)))
    .returning({ balance: organizations.credits });
  return row?.balance;
}

/** Gives `amount` credits unless the balance would pass `max`; undefined when it would. */
export async function giveCredits(db: Executor, values: { organizationId: string; amount: number; max: number }) {
  const [row] = await db
    .update(organizations)
    .set({ credits: sql`${organizations.credits} + ${values.amount}`, lastActivity: sql`now()` })
    .where(and(eq(organizations.id, values.organizationId), lte(organizations.credits, values.max - values.amount)))
    .returning({ balance: organizations.credits });
  return row?.balance;
}

export async function insertTransaction(
  db: Executor,
  values: {
    organizationId: string;
    /** Null when no person asked for it (a scheduled run). */
    userId: string | null;
    amount: number;
    type: CreditTransactionType;
    description: string;
  },
) {
  const [row] = await db.insert(creditTransactions).values(values).returning({ id: creditTransactions.id });
  if (!row) throw new Error("insert returned no credit transaction");
  const transaction = await findTransaction(db, { organizationId: values.organizationId, id: row.id });
  if (!transaction) throw new Error("the credit transaction just written was not found");
  return transaction;
}

export async function findTransaction(db: Executor, keys: { organizationId: string; id: string }) {
  const [row] = await selectTransactions(db).where(
    and(eq(creditTransactions.organizationId, keys.organizationId), eq(creditTransactions.id, keys.id)),
  );
  return row ? toTransaction(row) : undefined;
}

/** One page of the ledger, newest first, optionally of one type. */
export async function listTransactions(
  db: Executor,
  options: { organizationId: string; type?: CreditTransactionType; page: number; pageSize: number },
) {
  const filter: SQL | undefined = and(
    eq(creditTransactions.organizationId, options.organizationId),
    options.type ? eq(creditTransactions.type, options.type) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectTransactions(db)
      .where(filter)
      .orderBy(desc(creditTransactions.createdAt), desc(creditTransactions.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ value: count() }).from(creditTransactions).where(filter),
  ]);
  return { items: rows.map(toTransaction), total: total?.value ?? 0 };
}

function selectTransactions(db: Executor) {
  return db
    .select({
      id: creditTransactions.id,
      amount: creditTransactions.amount,
      type: creditTransactions.type,
      description: creditTransactions.description,
      userId: creditTransactions.userId,
      userName: sql<string | null>`coalesce(nullif(${user.name}, ''), split_part(${user.email}, '@', 1))`,
      createdAt: creditTransactions.createdAt,
    })
    .from(creditTransactions)
    .leftJoin(user, eq(user.id, creditTransactions.userId))
    .$dynamic();
}

type TransactionRow = Awaited<ReturnType<ReturnType<typeof selectTransactions>["execute"]>>[number];

function toTransaction(row: TransactionRow): CreditTransaction {
  return { ...row, createdAt: row.createdAt.toISOString() };
}
