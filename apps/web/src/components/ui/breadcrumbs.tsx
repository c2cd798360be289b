import { ChevronRight } from "lucide-react";
import { Link } from "react-router";

export type BreadcrumbItem = { label: string; to?: string };

type BreadcrumbsProps = { items: BreadcrumbItem[] };

/** Where a nested page sits (one of the spec's shared UI pieces): the pages above it as links, then this one. */
export function Breadcrumbs({ items }: BreadcrumbsProps) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-gray-500 dark:text-gray-400">
        {items.map((item, index) => {
          const isLast = index === items.length - 1;
          return (
            <li key={`${index}-${item.label}`} className="flex items-center gap-1">
              {index > 0 ? <ChevronRight aria-hidden="true" className="size-4 shrink-0" /> : null}
              {isLast ? (
                <span aria-current="page" className="font-medium text-gray-900 dark:text-gray-100">
                  {item.label}
                </span>
              ) : item.to ? (
                <Link to={item.to} className="rounded hover:text-indigo-600 hover:underline dark:hover:text-indigo-400">
                  {item.label}
                </Link>
              ) : (
                <span>{item.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
