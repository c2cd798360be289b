import { useCallback, useEffect, useState } from "react";

export type CursorPages = {
  /** The cursor of the page shown; undefined on the first page. */
  cursor: string | undefined;
  /** 1 on the first page. */
  pageNumber: number;
  next: (cursor: string) => void;
  previous: () => void;
};

/**
 * Where a keyset list (docs/decisions/021) is: the cursors of the pages walked through, so
 * Previous goes back one. A new `resetKey` (another filter or search) starts at the first page.
 * The page shown stays where it is when newer rows arrive: they join the first page.
 */
export function useCursorPages(resetKey: string): CursorPages {
  const [state, setState] = useState<{ key: string; cursors: string[] }>({ key: resetKey, cursors: [] });
  const cursors = state.key === resetKey ? state.cursors : [];
  const walked = useCallback(
    (current: { key: string; cursors: string[] }) => (current.key === resetKey ? current.cursors : []),
    [resetKey],
  );
  const next = useCallback(
    (cursor: string) => setState((current) => ({ key: resetKey, cursors: [...walked(current), cursor] })),
    [resetKey, walked],
  );
  const previous = useCallback(
    () => setState((current) => ({ key: resetKey, cursors: walked(current).slice(0, -1) })),
    [resetKey, walked],
  );
  return { cursor: cursors.at(-1), pageNumber: cursors.length + 1, next, previous };
}

/** A page emptied by deletions (here or elsewhere) falls back to the one before it. */
export function useLeaveEmptiedPage(
  pages: CursorPages,
  page: { items: readonly unknown[] } | undefined,
  isPlaceholderData: boolean,
) {
  const emptied = Boolean(page && page.items.length === 0 && pages.pageNumber > 1 && !isPlaceholderData);
  const { previous } = pages;
  useEffect(() => {
    if (emptied) previous();
  }, [emptied, previous]);
}
