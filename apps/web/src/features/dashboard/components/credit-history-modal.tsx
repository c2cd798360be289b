import {
  CREDIT_TRANSACTION_TYPES,
  formatSignedAmount,
  type CreditTransactionType,
} from "@flowdeck/shared/credits/amounts";
import type { CreditTransaction } from "@flowdeck/shared/credits/schemas";
import clsx from "clsx";
import { formatCount } from "@flowdeck/shared/keyset-count";
import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { DataTable, type DataTableColumn } from "@/components/ui/data-table.tsx";
import { Modal } from "@/components/ui/modal.tsx";
import { Pagination } from "@/components/ui/pagination.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { useCursorPages } from "@/lib/use-cursor-pages.ts";
import { useCreditTransactions } from "../api/get-credit-transactions.ts";
import { formatDateTime } from "@/lib/format-date.ts";
import { TransactionItem } from "./transaction-item.tsx";

const PAGE_SIZE = 20;

const TYPE_LABELS: Record<CreditTransactionType, string> = { consumption: "Consumption", addition: "Addition" };

const COLUMNS: DataTableColumn<CreditTransaction>[] = [
  {
    key: "date",
    header: "Date",
    className: "whitespace-nowrap",
    cell: (row) => <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>,
  },
  // Long words (links, long names) wrap, so Type and Amount stay in view.
  { key: "description", header: "Description", className: "min-w-48 wrap-anywhere", cell: (row) => row.description },
  {
    key: "member",
    header: "Member",
    className: "max-w-48 wrap-anywhere",
    cell: (row) => row.userName ?? "Former member",
  },
  {
    key: "type",
    header: "Type",
    cell: (row) => <Badge color={row.type === "addition" ? "green" : "red"}>{TYPE_LABELS[row.type]}</Badge>,
  },
  {
    key: "amount",
    header: "Amount",
    className: "text-right tabular-nums whitespace-nowrap",
    cell: (row) => (
      <span
        className={clsx(
          "font-semibold",
          row.amount > 0 ? "text-green-700 dark:text-green-400" : "text-red-700 dark:text-red-400",
        )}
      >
        {formatSignedAmount(row.amount)}
      </span>
    ),
  },
];

/** The full ledger, newest first, a page at a time, optionally one type only. */
export function CreditHistoryModal({ orgId, open, onClose }: { orgId: string; open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Credit history"
      description="Every credit consumed or added in this organization, newest first."
      size="4xl"
    >
      {/* Mounted only while open, so the history is fetched when someone looks at it. */}
      {open && <CreditHistory orgId={orgId} />}
    </Modal>
  );
}

function CreditHistory({ orgId }: { orgId: string }) {
  const [type, setType] = useState<CreditTransactionType | "">("");
  const pages = useCursorPages(type);
  const filterId = useId();
  const { data, error, isPending, isFetching, isPlaceholderData, refetch } = useCreditTransactions(orgId, {
    cursor: pages.cursor,
    pageSize: PAGE_SIZE,
    type: type || undefined,
  });
  const emptyMessage = type ? `No ${TYPE_LABELS[type].toLowerCase()} transactions yet` : "No transactions yet";

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <label htmlFor={filterId} className="block text-sm font-medium text-gray-700 dark:text-gray-200">
            Type
          </label>
          <select
            id={filterId}
            value={type}
            onChange={(event) => setType(event.target.value as CreditTransactionType | "")}
            className="block rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm dark:border-gray-700 dark:bg-gray-900"
          >
            <option value="">All types</option>
            {CREDIT_TRANSACTION_TYPES.map((value) => (
              <option key={value} value={value}>
                {TYPE_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        {data && (
          <p className="text-sm text-gray-600 dark:text-gray-400" aria-live="polite">
            {formatCount(data.total, data.totalCapped)}{" "}
            {data.total === 1 && !data.totalCapped ? "transaction" : "transactions"}
          </p>
        )}
      </div>

      {error && !data ? (
        <Alert tone="error" title="Could not load the credit history">
          <p>{error.message}</p>
          <Button variant="secondary" className="mt-2" busy={isFetching} onClick={() => void refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <div className={clsx(isPlaceholderData && "opacity-60 transition-opacity")}>
          {/* A phone gets a list: a table would hide the amounts off to the right. */}
          <div className="sm:hidden">
            {isPending ? (
              <div className="space-y-3" aria-busy="true" aria-label="Loading transactions">
                {[0, 1, 2, 3].map((index) => (
                  <Skeleton key={index} className="h-10" />
                ))}
              </div>
            ) : data.items.length === 0 ? (
              <p className="py-6 text-center text-sm text-gray-500 dark:text-gray-400">{emptyMessage}</p>
            ) : (
              <ul aria-label="Credit transactions" className="divide-y divide-gray-100 dark:divide-gray-800">
                {data.items.map((transaction) => (
                  <TransactionItem key={transaction.id} transaction={transaction} />
                ))}
              </ul>
            )}
          </div>
          <div className="hidden sm:block">
            <DataTable
              columns={COLUMNS}
              rows={data?.items ?? []}
              rowKey={(row) => row.id}
              loading={isPending}
              emptyMessage={emptyMessage}
            />
          </div>
        </div>
      )}

      {data && (
        <Pagination
          label="Credit history pages"
          pageNumber={pages.pageNumber}
          pageSize={PAGE_SIZE}
          shown={data.items.length}
          total={data.total}
          totalCapped={data.totalCapped}
          hasNext={data.nextCursor !== null && !isPlaceholderData}
          onPrevious={pages.previous}
          onNext={() => data.nextCursor && pages.next(data.nextCursor)}
        />
      )}
    </div>
  );
}
