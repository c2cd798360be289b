import type { KeysetPage } from "@flowdeck/shared/keyset";
import { formatCount } from "@flowdeck/shared/keyset-count";
import { ChevronLeft, ChevronRight } from "lucide-react";
import type { CursorPages } from "@/lib/use-cursor-pages.ts";
import { Button } from "./button.tsx";

type PaginationProps = {
  /** 1 on the first page. */
  pageNumber: number;
  pageSize: number;
  /** Rows on this page. */
  shown: number;
  total: number;
  /** The total is a floor: "10,000+". */
  totalCapped: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  /** Names the navigation for assistive technology. */
  label?: string;
};

/**
 * "Showing 13–24 of 40" (or "of 10,000+") with previous and next, for a list read from a cursor.
 * Hidden when everything fits on the first page.
 */
export function Pagination(props: PaginationProps) {
  const { pageNumber, pageSize, shown, total, totalCapped, hasNext } = props;
  if (pageNumber === 1 && !hasNext) return null;
  const first = Math.min((pageNumber - 1) * pageSize + 1, total);
  const last = Math.min((pageNumber - 1) * pageSize + shown, total);
  const pages = Math.max(1, Math.ceil(total / pageSize), pageNumber);
  return (
    <nav
      aria-label={props.label ?? "Pagination"}
      className="flex flex-col items-center justify-between gap-3 sm:flex-row"
    >
      <p className="text-sm text-gray-600 dark:text-gray-400" aria-live="polite">
        Showing {first}–{last} of {formatCount(total, totalCapped)}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="secondary" disabled={pageNumber <= 1} onClick={props.onPrevious}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          Previous
        </Button>
        <span className="text-sm text-gray-600 tabular-nums dark:text-gray-400" aria-current="page">
          Page {pageNumber} of {formatCount(pages, totalCapped)}
        </span>
        <Button variant="secondary" disabled={!hasNext} onClick={props.onNext}>
          Next
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </nav>
  );
}

/** The same control for a list read by page number (small lists that count exactly). */
export function PageNumberPagination(props: {
  page: number;
  pageSize: number;
  shown: number;
  total: number;
  onPageChange: (page: number) => void;
  label?: string;
}) {
  const { page, pageSize, total, onPageChange } = props;
  return (
    <Pagination
      label={props.label}
      pageNumber={page}
      pageSize={pageSize}
      shown={props.shown}
      total={total}
      totalCapped={false}
      hasNext={page * pageSize < total}
      onPrevious={() => onPageChange(page - 1)}
      onNext={() => onPageChange(page + 1)}
    />
  );
}

/** The controls under a list read from a cursor: the page shown and where `useCursorPages` is. */
export function CursorPagination({
  page,
  pages,
  label,
}: {
  page: KeysetPage<unknown>;
  pages: CursorPages;
  label?: string;
}) {
  return (
    <Pagination
      label={label}
      pageNumber={pages.pageNumber}
      pageSize={page.pageSize}
      shown={page.items.length}
      total={page.total}
      totalCapped={page.totalCapped}
      hasNext={page.nextCursor !== null}
      onPrevious={pages.previous}
      onNext={() => page.nextCursor && pages.next(page.nextCursor)}
    />
  );
}
