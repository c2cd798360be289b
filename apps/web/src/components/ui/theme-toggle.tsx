import { Moon, Sun } from "lucide-react";
import { useTheme } from "@/lib/theme.ts";

/** Switches between light and dark; the icon shows the theme it switches to. */
export function ThemeToggle() {
  const { theme, toggle } = useTheme();
  const next = theme === "dark" ? "light" : "dark";
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      className="rounded-lg p-2 text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-gray-300 dark:hover:bg-gray-800 dark:hover:text-gray-100"
    >
      {/* Chosen by the page's theme class, set before the first paint (public/theme-init.js): right
          in the sign-in page the build draws too, which cannot know the visitor's theme. */}
      <Moon aria-hidden="true" className="size-5 dark:hidden" />
      <Sun aria-hidden="true" className="hidden size-5 dark:block" />
    </button>
  );
}
