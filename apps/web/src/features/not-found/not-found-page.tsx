import { TextLink } from "@/components/ui/text-link.tsx";

export function NotFoundPage() {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-3xl font-semibold">Page not found</h1>
      <p className="text-gray-600 dark:text-gray-400">The page you are looking for does not exist.</p>
      <TextLink to="/">Go to the home page</TextLink>
    </div>
  );
}
