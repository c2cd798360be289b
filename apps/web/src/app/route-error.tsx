import { useRouteError } from "react-router";
import { TextLink } from "@/components/ui/text-link.tsx";

/** The last resort when a page fails to render: a message, never a stack trace. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <div role="alert" className="flex min-h-screen flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="text-gray-600 dark:text-gray-400">Please try refreshing the page.</p>
      <TextLink to="/dashboard">Back to the dashboard</TextLink>
    </div>
  );
}
