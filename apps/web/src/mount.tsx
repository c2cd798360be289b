import { startTransition, StrictMode, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import "./index.css";
import { followThemeChanges } from "./lib/theme.ts";

/** Renders a page's root component into its HTML's #root (index.html, landing.html). */
export function mount(root: ReactNode) {
  const element = document.getElementById("root");
  if (!element) throw new Error("The page has no #root element");
  followThemeChanges();
  const reactRoot = createRoot(element);
  startTransition(() => reactRoot.render(<StrictMode>{root}</StrictMode>));
}
