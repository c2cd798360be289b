import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

export type StatTone = "gray" | "blue" | "green" | "yellow" | "red" | "purple";

type StatCardProps = {
  label: string;
  value: ReactNode;
  icon?: LucideIcon;
  hint?: ReactNode;
  tone?: StatTone;
};

const toneClasses: Record<StatTone, string> = {
  gray: "bg-gray-100 text-gray-600 dark:bg-gray-800 dark:text-gray-300",
  blue: "bg-blue-100 text-blue-600 dark:bg-blue-500/15 dark:text-blue-300",
  green: "bg-green-100 text-green-600 dark:bg-green-500/15 dark:text-green-300",
  yellow: "bg-yellow-100 text-yellow-700 dark:bg-yellow-500/15 dark:text-yellow-200",
  red: "bg-red-100 text-red-600 dark:bg-red-500/15 dark:text-red-300",
  purple: "bg-purple-100 text-purple-600 dark:bg-purple-500/15 dark:text-purple-300",
};

export function StatCard({ label, value, icon: Icon, hint, tone = "gray" }: StatCardProps) {
  return (
    <div className="flex items-start gap-3 rounded-lg border border-gray-200 bg-white p-4 sm:gap-4 sm:p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900">
      {Icon ? (
        // Two cards share a phone's width: the icon gives way to the figure there.
        <span className={`hidden size-10 shrink-0 items-center justify-center rounded-lg sm:flex ${toneClasses[tone]}`}>
          <Icon aria-hidden="true" className="size-5" />
        </span>
      ) : null}
      <dl className="min-w-0">
        <dt className="truncate text-sm font-medium text-gray-600 dark:text-gray-400">{label}</dt>
        <dd className="mt-1 text-2xl font-semibold text-gray-900 dark:text-gray-100">{value}</dd>
        {hint ? <dd className="mt-1 text-xs text-gray-500 dark:text-gray-400">{hint}</dd> : null}
      </dl>
    </div>
  );
}
