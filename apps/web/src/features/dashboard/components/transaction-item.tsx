import { formatSignedAmount } from "@flowdeck/shared/credits/amounts";
import type { CreditTransaction } from "@flowdeck/shared/credits/schemas";
import clsx from "clsx";
import { ArrowDownRight, ArrowUpRight } from "lucide-react";
import { formatDateTime } from "@/lib/format-date.ts";

/** One ledger row: description, date, who, and the amount with its sign (spec 2). */
export function TransactionItem({ transaction }: { transaction: CreditTransaction }) {
  const addition = transaction.type === "addition";
  const Icon = addition ? ArrowUpRight : ArrowDownRight;
  return (
    <li className="flex items-center gap-3 py-3">
      <span
        aria-hidden
        className={clsx(
          "flex size-9 shrink-0 items-center justify-center rounded-full",
          addition
            ? "bg-green-100 text-green-700 dark:bg-green-500/15 dark:text-green-300"
            : "bg-red-100 text-red-700 dark:bg-red-500/15 dark:text-red-300",
        )}
      >
        <Icon className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-gray-900 dark:text-gray-100" title={transaction.description}>
          {transaction.description}
        </p>
        <p className="truncate text-xs text-gray-500 dark:text-gray-400">
          <time dateTime={transaction.createdAt}>{formatDateTime(transaction.createdAt)}</time>
          {transaction.userName ? ` · ${transaction.userName}` : ""}
        </p>
      </div>
      <span
        className={clsx(
          "shrink-0 text-sm font-semibold tabular-nums",
          addition ? "text-green-700 dark:text-green-400" : "text-red-700 dark:text-red-400",
        )}
      >
        {formatSignedAmount(transaction.amount)}
      </span>
    </li>
  );
}
