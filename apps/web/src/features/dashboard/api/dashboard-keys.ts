import type { CreditTransactionType } from "@flowdeck/shared/credits/schemas";

export type TransactionListQuery = { cursor?: string; pageSize: number; type?: CreditTransactionType };

/**
 * Keys start with ["orgs", orgId, entity]: the live-update hook invalidates that prefix when the
 * server announces a change, so everyone in the organization sees the balance and ledger move.
 * Every credit change announces both "credit" and "organization".
 */
export const dashboardKeys = {
  credit: (orgId: string) => ["orgs", orgId, "credit"] as const,
  transactions: (orgId: string, query: TransactionListQuery) =>
    ["orgs", orgId, "credit", "transactions", query] as const,
  organization: (orgId: string) => ["orgs", orgId, "organization"] as const,
  overview: (orgId: string) => ["orgs", orgId, "organization", "overview"] as const,
  members: (orgId: string) => ["orgs", orgId, "member", "dashboard-list"] as const,
};

export function orgPath(orgId: string, rest: string) {
  return `/api/orgs/${encodeURIComponent(orgId)}/${rest}`;
}
