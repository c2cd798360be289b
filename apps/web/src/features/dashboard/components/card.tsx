import clsx from "clsx";
import type { ReactNode } from "react";

/** A titled panel of the dashboard; the title names the region for screen readers. */
export function DashboardCard({
  id,
  title,
  actions,
  className,
  children,
}: {
  id: string;
  title: string;
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={clsx(
        "rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-5 dark:border-gray-800 dark:bg-gray-900",
        className,
      )}
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-base font-semibold text-gray-900 dark:text-gray-100">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
