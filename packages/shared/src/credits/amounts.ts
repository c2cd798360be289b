// The credit limits and how amounts read, without zod: the dashboard's first screen needs them,
// and the schemas (credits/schemas.ts) load only with the forms that validate.

export const CREDIT_TRANSACTION_TYPES = ["consumption", "addition"] as const;
export type CreditTransactionType = (typeof CREDIT_TRANSACTION_TYPES)[number];

/** Spec 9: the dashboard's recent credit activity. */
export const RECENT_TRANSACTIONS_LIMIT = 10;
/** One change at most; keeps a typo from adding a billion credits. */
export const MAX_CREDIT_AMOUNT = 1_000_000;
/** The balance is a PostgreSQL integer. */
export const MAX_CREDIT_BALANCE = 2_147_483_647;
export const MAX_CREDIT_DESCRIPTION_LENGTH = 200;

/** '+25' or '-10', as the transaction lists show amounts. */
export function formatSignedAmount(amount: number): string {
  return amount > 0 ? `+${amount.toLocaleString("en-US")}` : `-${Math.abs(amount).toLocaleString("en-US")}`;
}
