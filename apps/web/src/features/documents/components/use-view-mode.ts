import { useCallback, useState } from "react";

export type ViewMode = "grid" | "list";

const STORAGE_KEY = "flowdeck-documents-view";

function readSaved(): ViewMode {
  try {
    return localStorage.getItem(STORAGE_KEY) === "list" ? "list" : "grid";
  } catch {
    return "grid";
  }
}

/** Grid or list, remembered in this browser (spec 2: the toggle is remembered). */
export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const [mode, setMode] = useState<ViewMode>(readSaved);
  const choose = useCallback((next: ViewMode) => {
    setMode(next);
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Storage can be unavailable (private mode): the choice then lasts for this visit.
    }
  }, []);
  return [mode, choose];
}
