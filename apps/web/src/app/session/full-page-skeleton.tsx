import type { ReactNode } from "react";
import { Skeleton } from "@/components/ui/skeleton.tsx";

/**
 * The app shell's frame while the session loads: the same sidebar and phone header, with the
 * product's name, so the app's first paint (drawn into index.html by the build) already shows it.
 * `children`, what of the page needs no data, takes the place of the content's placeholders (a page
 * the build draws with its header, src/prerender/drawn-screens.tsx).
 */
export function FullPageSkeleton({ children }: { children?: ReactNode }) {
  return (
    <div className="min-h-screen bg-gray-50 dark:bg-gray-950">
      <div className="fixed inset-y-0 left-0 hidden w-64 border-r border-gray-200 bg-white lg:block dark:border-gray-800 dark:bg-gray-900">
        <div className="flex flex-col gap-4 p-4">
          <span className="px-2 text-xl font-bold text-indigo-600 dark:text-indigo-400">Flowdeck</span>
          <Skeleton className="mx-2 h-4 w-40" />
          <Skeleton className="mx-2 h-4 w-36" />
          <Skeleton className="mx-2 h-4 w-28" />
        </div>
      </div>
      <div className="sticky top-0 z-30 flex items-center gap-3 border-b border-gray-200 bg-white px-4 py-3 lg:hidden dark:border-gray-800 dark:bg-gray-900">
        <div className="size-9" />
        <span className="font-bold text-indigo-600 dark:text-indigo-400">Flowdeck</span>
      </div>
      <div className="lg:pl-64" role="status" aria-busy="true">
        <span className="sr-only">Loading</span>
        <div className="mx-auto max-w-7xl space-y-4 px-4 py-6 sm:px-6 lg:px-8">
          {children ?? (
            <>
              <Skeleton className="h-8 w-64" />
              <Skeleton className="h-32 w-full" />
            </>
          )}
        </div>
      </div>
    </div>
  );
}
