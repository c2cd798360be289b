import { DOCUMENT_MESSAGES } from "@flowdeck/shared/documents/messages";
import { FolderOpen, SearchX } from "lucide-react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { CursorPagination } from "@/components/ui/pagination.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { useCursorPages, useLeaveEmptiedPage } from "@/lib/use-cursor-pages.ts";
import type { ViewMode } from "@/lib/use-view-mode.ts";
import { useDocuments } from "../api/get-documents.ts";
import type { DocumentHandlers } from "./document-actions.tsx";
import { DocumentCard } from "./document-card.tsx";
import { DocumentList } from "./document-list.tsx";
import { DOCUMENTS_PAGE_SIZE, type DocumentsFilters } from "./documents-filters.ts";

type DocumentsResultsProps = DocumentHandlers & {
  orgId: string;
  filters: DocumentsFilters;
  view: ViewMode;
  canEdit: boolean;
  onUpload: () => void;
  onClearFilters: () => void;
};

const GRID = "grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3";

/** The current page of documents as cards or rows, with its loading, error and empty states. */
export function DocumentsResults({
  orgId,
  filters,
  view,
  canEdit,
  onUpload,
  onClearFilters,
  ...handlers
}: DocumentsResultsProps) {
  const pages = useCursorPages(JSON.stringify([filters.q, filters.category]));
  const query = useDocuments(orgId, {
    cursor: pages.cursor,
    pageSize: DOCUMENTS_PAGE_SIZE,
    q: filters.q || undefined,
    category: filters.category,
  });
  const data = query.data;

  useLeaveEmptiedPage(pages, data, query.isPlaceholderData);

  if (query.isPending) {
    return (
      <div className={GRID} aria-busy="true" aria-label="Loading documents">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-56" />
        ))}
      </div>
    );
  }
  if (query.isError && !data) {
    return (
      <Alert tone="error">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <span>{DOCUMENT_MESSAGES.loadFailed}</span>
          <Button variant="secondary" onClick={() => void query.refetch()} busy={query.isFetching}>
            Try again
          </Button>
        </div>
      </Alert>
    );
  }
  if (!data) return null;

  if (data.total === 0) {
    const filtered = Boolean(filters.q || filters.category);
    return (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-gray-300 bg-white px-6 py-12 text-center dark:border-gray-700 dark:bg-gray-900">
        {filtered ? (
          <SearchX aria-hidden="true" className="size-10 text-gray-400" />
        ) : (
          <FolderOpen aria-hidden="true" className="size-10 text-gray-400" />
        )}
        <h2 className="text-lg font-semibold text-gray-900 dark:text-gray-100">
          {filtered ? "No documents match your search" : "No documents yet"}
        </h2>
        <p className="max-w-md text-sm text-gray-600 dark:text-gray-400">
          {filtered
            ? "Try other words or another category."
            : canEdit
              ? "Upload the first file to share it with your organization."
              : "Files your team shares will appear here."}
        </p>
        {filtered ? (
          <Button variant="secondary" onClick={onClearFilters}>
            Clear search and filter
          </Button>
        ) : (
          canEdit && <Button onClick={onUpload}>Upload document</Button>
        )}
      </div>
    );
  }

  return (
    <div className="space-y-4" aria-busy={query.isFetching || undefined}>
      {query.isError && <Alert tone="error">{DOCUMENT_MESSAGES.loadFailed}</Alert>}
      {view === "grid" ? (
        <ul aria-label="Documents" className={GRID}>
          {data.items.map((document) => (
            <li key={document.id} className="flex min-w-0">
              <DocumentCard orgId={orgId} document={document} {...handlers} />
            </li>
          ))}
        </ul>
      ) : (
        <DocumentList documents={data.items} {...handlers} />
      )}
      <CursorPagination page={data} pages={pages} />
    </div>
  );
}
