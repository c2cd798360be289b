import { useRouteError } from "react-router";
import { TextLink } from "@/components/ui/text-link.tsx";

/** The last resort when a page fails to render: a message, never a stack trace. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-gray-50 p-8 text-center text-gray-900 dark:bg-gray-950 dark:text-gray-100">
      <div role="alert" className="flex flex-col items-center gap-4">
        <h1 className="text-2xl font-semibold">Something went wrong</h1>
        <p className="text-gray-600 dark:text-gray-400">Please try refreshing the page.</p>
        <TextLink to="/dashboard">Back to the dashboard</TextLink>
      </div>
    </main>
  );
}
