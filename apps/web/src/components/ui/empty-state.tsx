import type { ReactNode } from "react";

/** What a list shows when it has nothing yet: an icon, a title, a sentence and what to do next. */
export function EmptyState({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed border-gray-300 bg-white px-6 py-12 text-center dark:border-gray-700 dark:bg-gray-900">
      {icon}
      <h2 className="mt-4 text-lg font-semibold text-gray-900 dark:text-gray-100">{title}</h2>
      <p className="mt-1 max-w-md text-sm text-gray-600 dark:text-gray-400">{text}</p>
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
