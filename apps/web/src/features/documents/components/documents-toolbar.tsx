import { DOCUMENT_CATEGORIES, type DocumentCategory } from "@flowdeck/shared/documents/file-types";
import { Search } from "lucide-react";
import { ViewModeToggle } from "@/components/ui/view-mode-toggle.tsx";
import type { ViewMode } from "@/lib/use-view-mode.ts";
import { categoryLabel } from "./format.ts";

type DocumentsToolbarProps = {
  search: string;
  onSearch: (text: string) => void;
  category: DocumentCategory | undefined;
  onCategory: (category: DocumentCategory | undefined) => void;
  view: ViewMode;
  onView: (view: ViewMode) => void;
};

/** Search (done by the server), the category filter and the grid/list toggle. */
export function DocumentsToolbar({ search, onSearch, category, onCategory, view, onView }: DocumentsToolbarProps) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <div className="relative flex-1">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400"
        />
        <input
          type="search"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
          aria-label="Search documents"
          placeholder="Search titles, descriptions, file names and tags"
          className="block w-full rounded-lg border border-gray-300 bg-white py-2 pr-3 pl-9 text-sm text-gray-900 shadow-sm placeholder:text-gray-400 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500 focus:outline-none dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
        />
      </div>
      <div className="flex items-center gap-3">
        <select
          aria-label="Filter by category"
          value={category ?? ""}
          onChange={(event) => onCategory((event.target.value || undefined) as DocumentCategory | undefined)}
          className="block min-w-0 flex-1 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 shadow-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500 focus:outline-none sm:w-44 sm:flex-none dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
        >
          <option value="">All categories</option>
          {DOCUMENT_CATEGORIES.map((option) => (
            <option key={option} value={option}>
              {categoryLabel(option)}
            </option>
          ))}
        </select>
        <ViewModeToggle value={view} onChange={onView} />
      </div>
    </div>
  );
}
