import type { CreditTransactionType } from "@flowdeck/shared/credits/amounts";
import type { CreditTransaction } from "@flowdeck/shared/credits/schemas";
import type { KeysetQuery } from "@flowdeck/shared";
import { and, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import {
  afterCursor,
  cappedCountColumn,
  cursorPosition,
  keysetOrder,
  rememberedBeyondTheCap,
  toCountedKeysetPage,
} from "../../db/keyset.ts";
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
  // One statement: the new row comes back with its author's name, read in RETURNING.
  const [row] = await db
    .insert(creditTransactions)
    .values(values)
    .returning({ ...transactionColumns, userName: authorName(creditTransactions.userId) });
  if (!row) throw new Error("insert returned no credit transaction");
  return toTransaction(row);
}

/** One page of the ledger, newest first, after the cursor, optionally of one type. */
export async function listTransactions(
  db: Executor,
  options: { organizationId: string; type?: CreditTransactionType } & KeysetQuery,
) {
  const filter: SQL | undefined = and(
    eq(creditTransactions.organizationId, options.organizationId),
    options.type ? eq(creditTransactions.type, options.type) : undefined,
  );
  const rows = await selectTransactions(db, {
    position: cursorPosition(creditTransactions),
    matching: cappedCountColumn(creditTransactions, filter, rememberedBeyondTheCap(creditTransactions, filter)),
  })
    .where(and(filter, afterCursor(creditTransactions, options.cursor)))
    .orderBy(...keysetOrder(creditTransactions))
    .limit(options.pageSize + 1);
  const { cursor, pageSize } = options;
  const page = await toCountedKeysetPage(db, rows, { table: creditTransactions, where: filter, cursor, pageSize });
  return { ...page, items: page.items.map(toTransaction) };
}

const transactionColumns = {
  id: creditTransactions.id,
  amount: creditTransactions.amount,
  type: creditTransactions.type,
  description: creditTransactions.description,
  userId: creditTransactions.userId,
  createdAt: creditTransactions.createdAt,
};

/** The name the ledger shows for who made an entry: the display name, else the address's local part. */
const userName = sql<string | null>`coalesce(nullif(${user.name}, ''), split_part(${user.email}, '@', 1))`;

/** userName of the user with this id, as a subquery (for RETURNING, which cannot join). */
function authorName(userId: typeof creditTransactions.userId) {
  return sql<string | null>`(select ${userName} from ${user} where ${user.id} = ${userId})`;
}

function selectTransactions<Extra extends Record<string, SQL.Aliased | SQL>>(db: Executor, extra?: Extra) {
  return db
    .select({ ...transactionColumns, userName, ...(extra as Extra) })
    .from(creditTransactions)
    .leftJoin(user, eq(user.id, creditTransactions.userId))
    .$dynamic();
}

type TransactionRow = {
  id: string;
  amount: number;
  type: CreditTransactionType;
  description: string;
  userId: string | null;
  userName: string | null;
  createdAt: Date;
};

function toTransaction(row: TransactionRow): CreditTransaction {
  const { id, amount, type, description, userId, userName, createdAt } = row;
  return { id, amount, type, description, userId, userName, createdAt: createdAt.toISOString() };
}
