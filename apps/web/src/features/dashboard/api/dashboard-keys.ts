import type { CreditTransactionType } from "@flowdeck/shared/credits/amounts";
import { orgKey } from "@/lib/org-api.ts";

export type TransactionListQuery = { cursor?: string; pageSize: number; type?: CreditTransactionType };

/**
 * Keys start with orgKey(orgId, entity): the live-update hook invalidates that prefix when the
 * server announces a change, so everyone in the organization sees the balance and ledger move.
 * Every credit change announces both "credit" and "organization".
 */
export const dashboardKeys = {
  credit: (orgId: string) => orgKey(orgId, "credit"),
  transactions: (orgId: string, query: TransactionListQuery) => orgKey(orgId, "credit", "transactions", query),
  organization: (orgId: string) => orgKey(orgId, "organization"),
  overview: (orgId: string) => orgKey(orgId, "overview"),
};
