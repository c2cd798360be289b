import type { ReactNode } from "react";
import { Link } from "react-router";
import { ThemeToggle } from "./theme-toggle.tsx";

const WIDTHS = { md: "max-w-md", lg: "max-w-lg" } as const;

/** The frame of a page for signed-out visitors: the product's name, the theme toggle and one card. */
export function PublicCardPage({ width = "md", children }: { width?: keyof typeof WIDTHS; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-gray-50 dark:bg-gray-950">
      <header className="flex items-center justify-between px-4 py-4 sm:px-8">
        <Link to="/" className="text-lg font-bold text-indigo-600 dark:text-indigo-400">
          Flowdeck
        </Link>
        <ThemeToggle />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-4 pb-12 sm:pt-12">
        <div
          className={`w-full ${WIDTHS[width]} rounded-xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8 dark:border-gray-800 dark:bg-gray-900`}
        >
          {children}
        </div>
      </main>
    </div>
  );
}
