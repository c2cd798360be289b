import { useEffect, useState } from "react";
import { Alert } from "./alert.tsx";

/** The outcome of something the user did, said once above the page or form. */
export type Notice = { tone: "success" | "error"; text: string };

const FADE_MS = 6000;

/**
 * A notice and its setter. With `fade`, a success goes away by itself after a few seconds (lists
 * whose change shows in the list itself); an error always stays until dismissed.
 */
export function useNotice({ fade = false }: { fade?: boolean } = {}) {
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => {
    if (!fade || notice?.tone !== "success") return;
    const timer = setTimeout(() => setNotice(null), FADE_MS);
    return () => clearTimeout(timer);
  }, [fade, notice]);
  return [notice, setNotice] as const;
}

/** The notice, green or red, with a button to dismiss it; nothing without one. */
export function NoticeAlert({
  notice,
  onDismiss,
  className,
}: {
  notice: Notice | null;
  onDismiss: () => void;
  className?: string;
}) {
  if (!notice) return null;
  return (
    <Alert tone={notice.tone} onDismiss={onDismiss} className={className}>
      {notice.text}
    </Alert>
  );
}
