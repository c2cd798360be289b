import type { ReactNode } from "react";
import { PublicCardPage } from "@/components/ui/public-card-page.tsx";
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
    <PublicCardPage>
      <h1 className="text-2xl font-semibold">{title}</h1>
      {subtitle && <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{subtitle}</p>}
      <div className="mt-6">{children}</div>
    </PublicCardPage>
  );
}
