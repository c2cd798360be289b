import { useEffect } from "react";

/** "Tasks · Acme · Flowdeck": blank parts (an organization still loading) are left out. */
export function documentTitle(...parts: (string | null | undefined)[]): string {
  return [...parts, "Flowdeck"].filter(Boolean).join(" · ");
}

/** Titles the browser tab and the page a screen reader announces (documentTitle). */
export function useDocumentTitle(...parts: (string | null | undefined)[]) {
  const title = documentTitle(...parts);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
