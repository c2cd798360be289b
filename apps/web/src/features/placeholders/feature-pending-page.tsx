import { Construction } from "lucide-react";

/** A route that exists in the shell, with its role minimum, before its feature lands. */
export function FeaturePendingPage({ title }: { title: string }) {
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <div className="flex items-center gap-3 rounded-xl border border-dashed border-gray-300 bg-white p-6 text-gray-600 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-400">
        <Construction className="h-6 w-6 shrink-0" aria-hidden />
        <p>This part of Flowdeck is being built and will appear here soon.</p>
      </div>
    </div>
  );
}
