import { AppError, MESSAGES, type KeysetPage, type KeysetQuery } from "@flowdeck/shared";
import { CREDIT_TEXTS } from "@flowdeck/shared/credits/messages";
import { MAX_CREDIT_BALANCE, type CreditTransactionType } from "@flowdeck/shared/credits/amounts";
import { type CreditChangeResult, type CreditTransaction } from "@flowdeck/shared/credits/schemas";
import type { Database, Executor } from "../../db/database.ts";
import { attributedUserId } from "../../lib/actor.ts";
import type { OrgScope } from "../../lib/change-log.ts";
import { runIdempotent, type Idempotency } from "../../lib/idempotency.ts";
import { giveCredits, insertTransaction, listTransactions, takeCredits } from "./repository.ts";

type CreditChange = OrgScope & {
  amount: number;
  description?: string;
  idempotency: Idempotency | null;
};

/**
 * Spec 5 "Credits": any member may consume. The balance and the ledger row change in one
 * transaction; the balance never goes below zero ('Insufficient credits').
 */
export async function consumeCredits(change: CreditChange): Promise<CreditChangeResult> {
  return applyChange(change, "consumption", async (tx) => {
    const balance = await takeCredits(tx, { organizationId: change.organizationId, amount: change.amount });
    if (balance === undefined) throw new AppError("invalid-argument", MESSAGES.insufficientCredits);
    return balance;
  });
}

/** Spec 6: adding credits needs admin or owner; the route checks the role before this runs. */
export async function addCredits(change: CreditChange): Promise<CreditChangeResult> {
  return applyChange(change, "addition", async (tx) => {
    const balance = await giveCredits(tx, {
      organizationId: change.organizationId,
      amount: change.amount,
      max: MAX_CREDIT_BALANCE,
    });
    if (balance === undefined) {
      throw new AppError("invalid-argument", CREDIT_TEXTS.balanceTooLarge(MAX_CREDIT_BALANCE));
    }
    return balance;
  });
}

async function applyChange(
  change: CreditChange,
  type: CreditTransactionType,
  moveBalance: (tx: Executor) => Promise<number>,
): Promise<CreditChangeResult> {
  const { organizationId, actor, amount } = change;
  const description =
    change.description || (type === "consumption" ? CREDIT_TEXTS.consumedDescription : CREDIT_TEXTS.addedDescription);
  return runIdempotent({
    context: change,
    idempotency: change.idempotency,
    work: async (tx, log) => {
      const balance = await moveBalance(tx);
      const transaction = await insertTransaction(tx, {
        organizationId,
        userId: attributedUserId(actor),
        amount: type === "consumption" ? -amount : amount,
        type,
        description,
      });
      const added = type === "addition";
      log.record({
        action: added ? "credits.added" : "credits.consumed",
        entityId: transaction.id,
        summary: `${added ? "Added" : "Consumed"} ${creditCount(amount)}: ${description}`,
        changes: { balance: { before: added ? balance - amount : balance + amount, after: balance } },
      });
      // The balance shows on the organization's screens.
      log.announce({ entity: "organization", id: organizationId, action: "updated" });
      return { balance, transaction };
    },
  });
}

function creditCount(amount: number) {
  return amount === 1 ? "1 credit" : `${amount} credits`;
}

export async function getTransactions(
  options: {
    db: Database;
    organizationId: string;
    type?: CreditTransactionType;
  } & KeysetQuery,
): Promise<KeysetPage<CreditTransaction>> {
  const { db, ...query } = options;
  return listTransactions(db, query);
}
