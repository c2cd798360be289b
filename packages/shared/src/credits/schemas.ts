import { z } from "zod";
import { MESSAGES } from "../errors/messages.ts";
import { KeysetQuerySchema, keysetPageOf } from "../keyset.ts";
import { CREDIT_TRANSACTION_TYPES, MAX_CREDIT_AMOUNT, MAX_CREDIT_DESCRIPTION_LENGTH } from "./amounts.ts";
import { CREDIT_TEXTS } from "./messages.ts";

/** A whole, positive number of credits (spec 5 "Credits"). */
export const CreditAmountSchema = z
  .number({ error: MESSAGES.amountMustBePositive })
  // Checked before wholeness, so -1.5 reads 'Amount must be positive'.
  .positive(MESSAGES.amountMustBePositive)
  .int(CREDIT_TEXTS.amountWhole)
  .max(MAX_CREDIT_AMOUNT, CREDIT_TEXTS.amountTooLarge(MAX_CREDIT_AMOUNT));

/** Body of POST .../credits/consume and .../credits/add. A blank description gets a default. */
export const CreditChangeSchema = z.object({
  amount: CreditAmountSchema,
  description: z
    .string()
    .trim()
    .max(MAX_CREDIT_DESCRIPTION_LENGTH, CREDIT_TEXTS.descriptionTooLong(MAX_CREDIT_DESCRIPTION_LENGTH))
    .optional(),
});

/** One row of the ledger; the amount is negative for a consumption (spec 3 "creditTransaction"). */
export const CreditTransactionSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  type: z.enum(CREDIT_TRANSACTION_TYPES),
  description: z.string(),
  userId: z.string().nullable(),
  /** The member's display name, else the part of the email before the @; null once the user is gone. */
  userName: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type CreditTransaction = z.infer<typeof CreditTransactionSchema>;

/** The answer to a consume or add: the new balance and the ledger row written with it. */
export const CreditChangeResultSchema = z.object({
  balance: z.number().int(),
  transaction: CreditTransactionSchema,
});
export type CreditChangeResult = z.infer<typeof CreditChangeResultSchema>;

/** GET .../credits/transactions: newest first, optionally one type only. */
export const CreditTransactionsQuerySchema = KeysetQuerySchema.extend({
  type: z.enum(CREDIT_TRANSACTION_TYPES).optional(),
});

export const CreditTransactionPageSchema = keysetPageOf(CreditTransactionSchema);
export type CreditTransactionPage = z.infer<typeof CreditTransactionPageSchema>;

export type DashboardAmount = { amount: number } | { ignored: true } | { error: string };

/**
 * The dashboard's amount field (spec 5): empty or non-positive input is silently ignored; a
 * whole positive number is the amount. Anything else ('1.5', too large) gets its message, never
 * a silent truncation ('1.5' used to become 1). '1e3' is the whole number 1000.
 */
export function parseDashboardAmount(input: string): DashboardAmount {
  const text = input.trim();
  const value = Number(text);
  if (text === "" || Number.isNaN(value) || value <= 0) return { ignored: true };
  const parsed = CreditAmountSchema.safeParse(value);
  return parsed.success
    ? { amount: parsed.data }
    : { error: parsed.error.issues[0]?.message ?? CREDIT_TEXTS.amountWhole };
}
