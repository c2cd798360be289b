import clsx from "clsx";
import type { ReactNode } from "react";
import { Skeleton } from "./skeleton.tsx";

export type DataTableColumn<T> = {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  className?: string;
};

export type DataTableProps<T> = {
  columns: DataTableColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  emptyMessage?: string;
  loading?: boolean;
  caption?: string;
};

const SKELETON_ROWS = 5;

export function DataTable<T>({
  columns,
  rows,
  rowKey,
  emptyMessage = "No data available",
  loading = false,
  caption,
}: DataTableProps<T>) {
  return (
    // Focusable so keyboard users can scroll a table wider than a phone screen.
    <div
      role={caption ? "region" : undefined}
      aria-label={caption}
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900"
    >
      <table aria-busy={loading} className="min-w-full divide-y divide-gray-200 text-sm dark:divide-gray-800">
        {caption ? (
          <caption className="px-4 pt-3 text-left text-sm font-medium text-gray-700 dark:text-gray-300">
            {caption}
          </caption>
        ) : null}
        <thead className="bg-gray-50 dark:bg-gray-800/50">
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={clsx(
                  "px-4 py-3 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-gray-600 uppercase dark:text-gray-400",
                  column.className,
                )}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200 dark:divide-gray-800">
          {loading ? (
            Array.from({ length: SKELETON_ROWS }, (_, index) => (
              <tr key={index}>
                {columns.map((column) => (
                  <td key={column.key} className="px-4 py-3">
                    <Skeleton className="h-4 w-full min-w-16" />
                  </td>
                ))}
              </tr>
            ))
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-8 text-center text-gray-500 dark:text-gray-400">
                {emptyMessage}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className="hover:bg-gray-50 dark:hover:bg-gray-800/50">
                {columns.map((column) => (
                  <td key={column.key} className={clsx("px-4 py-3 text-gray-700 dark:text-gray-300", column.className)}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
