import type { ReactNode } from "react";
import { Link } from "react-router";
import { ThemeToggle } from "@/components/ui/theme-toggle.tsx";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

export function AuthLayout({
  title,
  pageTitle = title,
  subtitle,
  children,
}: {
  title: string;
  /** The browser tab's name for the page, when the heading does not serve. */
  pageTitle?: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(pageTitle);
  return (
    <div className="flex min-h-screen flex-col bg-gray-50 dark:bg-gray-950">
      <header className="flex items-center justify-between px-4 py-4 sm:px-8">
        <Link to="/" className="text-lg font-bold text-indigo-600 dark:text-indigo-400">
          Flowdeck
        </Link>
        <ThemeToggle />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-12 pt-4 sm:pt-12">
        <div className="w-full max-w-md rounded-xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8 dark:border-gray-800 dark:bg-gray-900">
          <h1 className="text-2xl font-semibold">{title}</h1>
          {subtitle && <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{subtitle}</p>}
          <div className="mt-6">{children}</div>
        </div>
      </main>
    </div>
  );
}
