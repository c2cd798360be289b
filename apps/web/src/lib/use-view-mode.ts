import { useCallback, useState } from "react";

export type ViewMode = "grid" | "list";

function readSaved(storageKey: string): ViewMode {
  try {
    return localStorage.getItem(storageKey) === "list" ? "list" : "grid";
  } catch {
    return "grid";
  }
}

/**
 * Grid or list, remembered in this browser under `storageKey` (one key per page, so each page
 * keeps its own choice). Grid until the person picks list.
 */
export function useViewMode(storageKey: string): [ViewMode, (mode: ViewMode) => void] {
  const [mode, setMode] = useState<ViewMode>(() => readSaved(storageKey));
  const choose = useCallback(
    (next: ViewMode) => {
      setMode(next);
      try {
        localStorage.setItem(storageKey, next);
      } catch {
        // Storage can be unavailable (private mode): the choice then lasts for this visit.
      }
    },
    [storageKey],
  );
  return [mode, choose];
}
