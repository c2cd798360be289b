import { RECENT_TRANSACTIONS_LIMIT } from "@flowdeck/shared/credits/amounts";
import { History } from "lucide-react";
import { Suspense, useState } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { useCreditTransactions } from "../api/get-credit-transactions.ts";
import { DashboardCard } from "./card.tsx";
import { lazyNamed } from "@/lib/lazy-named.ts";
import { TransactionItem } from "./transaction-item.tsx";

// The dialog (Radix) and its table load when first opened, not with the dashboard.
const CreditHistoryModal = lazyNamed(() => import("./credit-history-modal.tsx"), "CreditHistoryModal");

/** The last 10 credit transactions (spec 2, 9), live for everyone, and the way to the full history. */
export function RecentTransactions({ orgId, className }: { orgId: string; className?: string }) {
  // undefined until first opened: the dialog is loaded and mounted from then on.
  const [historyOpen, setHistoryOpen] = useState<boolean>();
  const { data, error, isPending, isFetching, refetch } = useCreditTransactions(orgId, {
    pageSize: RECENT_TRANSACTIONS_LIMIT,
  });
  return (
    <DashboardCard
      id="recent-transactions-title"
      title="Recent Transactions"
      className={className}
      actions={
        <Button variant="ghost" className="-my-2 px-2" onClick={() => setHistoryOpen(true)}>
          <History className="size-4" aria-hidden />
          View full history
        </Button>
      }
    >
      {isPending ? (
        <div className="space-y-3" aria-busy="true" aria-label="Loading transactions">
          {[0, 1, 2, 3, 4].map((index) => (
            <Skeleton key={index} className="h-10" />
          ))}
        </div>
      ) : error ? (
        <Alert tone="error" title="Could not load the transactions">
          <p>{error.message}</p>
          <Button variant="secondary" className="mt-2" busy={isFetching} onClick={() => void refetch()}>
            Try again
          </Button>
        </Alert>
      ) : data.items.length === 0 ? (
        <div className="rounded-lg border border-dashed border-gray-300 px-4 py-8 text-center dark:border-gray-700">
          <p className="text-sm font-medium text-gray-700 dark:text-gray-300">No credit transactions yet</p>
          <p className="mt-1 text-xs text-gray-500 dark:text-gray-400">
            Credits consumed or added appear here as they happen.
          </p>
        </div>
      ) : (
        <ul aria-label="Recent credit transactions" className="-my-3 divide-y divide-gray-100 dark:divide-gray-800">
          {data.items.map((transaction) => (
            <TransactionItem key={transaction.id} transaction={transaction} />
          ))}
        </ul>
      )}
      {historyOpen !== undefined && (
        <Suspense fallback={null}>
          <CreditHistoryModal orgId={orgId} open={historyOpen} onClose={() => setHistoryOpen(false)} />
        </Suspense>
      )}
    </DashboardCard>
  );
}
