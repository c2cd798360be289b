import { useSyncExternalStore } from "react";

export type Theme = "light" | "dark";

// Same key as public/theme-init.js, which applies the theme before the first paint.
const STORAGE_KEY = "flowdeck-theme";
const DARK_QUERY = "(prefers-color-scheme: dark)";

function readSaved(): Theme | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === "light" || value === "dark" ? value : null;
  } catch {
    return null;
  }
}

function readSystem(): Theme {
  // No window when the build draws a page in Node (build/prerender.ts).
  if (typeof window === "undefined") return "light";
  return window.matchMedia?.(DARK_QUERY).matches ? "dark" : "light";
}

// Cached so the snapshot is cheap and stable between renders.
let saved = readSaved();
let system = readSystem();
const listeners = new Set<() => void>();

function currentTheme(): Theme {
  return saved ?? system;
}

function applyTheme(theme: Theme) {
  const root = document.documentElement;
  root.classList.toggle("dark", theme === "dark");
  root.style.colorScheme = theme;
}

function emit() {
  applyTheme(currentTheme());
  for (const listener of listeners) listener();
}

function onSystemChange(event: MediaQueryListEvent) {
  system = event.matches ? "dark" : "light";
  // A saved choice wins over the system preference (spec 4 "Theme").
  if (saved === null) emit();
}

// Keeps several open tabs on the same theme.
function onStorage(event: StorageEvent) {
  if (event.key !== STORAGE_KEY && event.key !== null) return;
  saved = readSaved();
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Keeps the page on the system's scheme when it changes, and on the theme another tab chose,
 * whether or not a theme toggle is on the screen (the not-found and password pages have none).
 * Called once per page load, before the first render.
 */
export function followThemeChanges() {
  if (typeof window === "undefined") return;
  window.matchMedia?.(DARK_QUERY).addEventListener("change", onSystemChange);
  window.addEventListener("storage", onStorage);
}

function setTheme(theme: Theme) {
  saved = theme;
  try {
    localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    // Storage can be unavailable (private mode, quota): the choice then lasts for this page only.
  }
  emit();
}

function toggleTheme() {
  setTheme(currentTheme() === "dark" ? "light" : "dark");
}

/** The current theme, following the saved choice, else the system preference. */
export function useTheme() {
  const theme = useSyncExternalStore(subscribe, currentTheme, () => "light" as Theme);
  return { theme, toggle: toggleTheme, setTheme };
}
