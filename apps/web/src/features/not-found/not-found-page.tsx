import { TextLink } from "@/components/ui/text-link.tsx";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

export function NotFoundPage() {
  useDocumentTitle("Page not found");
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-gray-50 p-8 text-center text-gray-900 dark:bg-gray-950 dark:text-gray-100">
      <p className="text-5xl font-bold text-indigo-600 dark:text-indigo-400">404</p>
      <h1 className="text-3xl font-semibold">Page not found</h1>
      <p className="text-gray-600 dark:text-gray-400">The page you are looking for does not exist.</p>
      <TextLink to="/">Go to the home page</TextLink>
    </main>
  );
}
