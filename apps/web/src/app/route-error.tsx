import { Link, useRouteError } from "react-router";

/** The last resort when a page fails to render: a message, never a stack trace. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <div role="alert" className="flex min-h-screen flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="text-gray-600 dark:text-gray-400">Please try refreshing the page.</p>
      <Link to="/dashboard" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
        Back to the dashboard
      </Link>
    </div>
  );
}
