import { DOCUMENT_CATEGORIES, type DocumentCategory } from "@flowdeck/shared/documents/file-types";
import { useCallback } from "react";
import { useSearchParams } from "react-router";

export const DOCUMENTS_PAGE_SIZE = 12;

export type DocumentsFilters = { q: string; category: DocumentCategory | undefined };

function isCategory(value: string | null): value is DocumentCategory {
  return value !== null && (DOCUMENT_CATEGORIES as readonly string[]).includes(value);
}

/**
 * Search and category live in the address (?q=&category=), so a filtered list can be shared,
 * reloaded and walked back with the browser's buttons. The page is the list's own (a cursor).
 */
export function useDocumentsFilters(): [DocumentsFilters, (changes: Partial<DocumentsFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const category = params.get("category");
  const filters: DocumentsFilters = {
    q: params.get("q") ?? "",
    category: isCategory(category) ? category : undefined,
  };

  const update = useCallback(
    (changes: Partial<DocumentsFilters>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === "") next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return [filters, update];
}
