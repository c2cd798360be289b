import { useEffect } from "react";

/**
 * Titles the browser tab and the page a screen reader announces: "Tasks · Acme · Flowdeck".
 * Blank parts (an organization still loading) are left out.
 */
export function useDocumentTitle(...parts: (string | null | undefined)[]) {
  const title = [...parts, "Flowdeck"].filter(Boolean).join(" · ");
  useEffect(() => {
    document.title = title;
  }, [title]);
}
