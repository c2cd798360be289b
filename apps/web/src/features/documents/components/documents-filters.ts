import { DOCUMENT_CATEGORIES, type DocumentCategory } from "@flowdeck/shared/documents/file-types";
import { useCallback } from "react";
import { useSearchParams } from "react-router";

export const DOCUMENTS_PAGE_SIZE = 12;

export type DocumentsFilters = { q: string; category: DocumentCategory | undefined; page: number };

function isCategory(value: string | null): value is DocumentCategory {
  return value !== null && (DOCUMENT_CATEGORIES as readonly string[]).includes(value);
}

/**
 * Search, category and page live in the address (?q=&category=&page=), so a filtered list can
 * be shared, reloaded and walked back with the browser's buttons.
 */
export function useDocumentsFilters(): [DocumentsFilters, (changes: Partial<DocumentsFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const category = params.get("category");
  const page = Number(params.get("page") ?? "1");
  const filters: DocumentsFilters = {
    q: params.get("q") ?? "",
    category: isCategory(category) ? category : undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };

  const update = useCallback(
    (changes: Partial<DocumentsFilters>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === "" || (key === "page" && value === 1)) next.delete(key);
            else next.set(key, String(value));
          }
          // A new search or filter starts again at the first page.
          if (!("page" in changes)) next.delete("page");
          return next;
        },
        { replace: !("page" in changes) },
      );
    },
    [setParams],
  );
  return [filters, update];
}
