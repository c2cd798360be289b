import type { ReactNode } from "react";
import { DataTable, type DataTableProps } from "./data-table.tsx";
import { Skeleton } from "./skeleton.tsx";

/**
 * A table from the md breakpoint up; below it (a phone) one card per row, since a table of five
 * columns does not fit 390 px. `card` draws a row's card.
 */
export function TableOrCards<T>({ card, ...table }: DataTableProps<T> & { card: (row: T) => ReactNode }) {
  const { rows, rowKey, loading, emptyMessage = "No data available" } = table;
  return (
    <>
      <div className="hidden md:block">
        <DataTable {...table} />
      </div>
      <div aria-busy={loading} className="md:hidden">
        {loading ? (
          <Skeleton className="h-32 w-full" />
        ) : rows.length === 0 ? (
          <p className="rounded-lg border border-gray-200 bg-white p-6 text-center text-sm text-gray-500 dark:border-gray-800 dark:bg-gray-900 dark:text-gray-400">
            {emptyMessage}
          </p>
        ) : (
          <ul aria-label={table.caption} className="space-y-3">
            {rows.map((row) => (
              <li
                key={rowKey(row)}
                className="space-y-2 rounded-lg border border-gray-200 bg-white p-4 text-sm dark:border-gray-800 dark:bg-gray-900"
              >
                {card(row)}
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
