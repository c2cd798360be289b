import type { ReactNode } from "react";
import { useDocumentTitle } from "@/lib/use-document-title.ts";
import { Link } from "react-router";
import { ThemeToggle } from "@/components/ui/theme-toggle.tsx";

/** The public frame of /invite/{code}: the product's name, the theme toggle and one card. */
export function InvitationLayout({ children }: { children: ReactNode }) {
  useDocumentTitle("Invitation");
  return (
    <div className="flex min-h-screen flex-col bg-gray-50 text-gray-900 dark:bg-gray-950 dark:text-gray-100">
      <header className="flex items-center justify-between px-4 py-4 sm:px-8">
        <Link to="/" className="text-lg font-bold text-indigo-600 dark:text-indigo-400">
          Flowdeck
        </Link>
        <ThemeToggle />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-4 pb-12 sm:pt-12">
        <div className="w-full max-w-lg rounded-xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8 dark:border-gray-800 dark:bg-gray-900">
          {children}
        </div>
      </main>
    </div>
  );
}
