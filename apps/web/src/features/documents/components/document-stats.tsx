import { FILE_CLASSES, formatFileSize } from "@flowdeck/shared/documents/file-types";
import { Clock, Download, FileText, HardDrive } from "lucide-react";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { StatCard } from "@/components/ui/stat-card.tsx";
import { useDocumentStats } from "../api/get-document-stats.ts";

/** Spec 9's figures: totals, recent uploads, the classes and the most downloaded. */
export function DocumentStatsRow({ orgId }: { orgId: string }) {
  const { data: stats, isPending, isError } = useDocumentStats(orgId);
  if (isError) return null;
  if (isPending || !stats) {
    return (
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4" aria-busy="true" aria-label="Loading statistics">
        <Skeleton className="h-12 sm:h-24" />
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="hidden h-24 sm:block" />
        ))}
      </div>
    );
  }
  const classes = FILE_CLASSES.filter((fileClass) => stats.byClass[fileClass] > 0)
    .sort((a, b) => stats.byClass[b] - stats.byClass[a])
    .slice(0, 3)
    .map((fileClass) => `${stats.byClass[fileClass]} ${fileClass}`)
    .join(" · ");
  const top = stats.mostDownloaded[0];
  return (
    <section aria-label="Document statistics">
      {/* On a phone, one line instead of four tall cards. */}
      <p className="rounded-lg border border-gray-200 bg-white px-4 py-3 text-sm text-gray-700 sm:hidden dark:border-gray-800 dark:bg-gray-900 dark:text-gray-300">
        <strong>{stats.total}</strong> document{stats.total === 1 ? "" : "s"} · {formatFileSize(stats.totalSize)} ·{" "}
        <strong>{stats.recentUploads}</strong> in the last 7 days
        {top && (
          <>
            {" "}
            · Most downloaded: {top.title} ({top.downloadCount})
          </>
        )}
      </p>
      <div className="hidden gap-4 sm:grid sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Total documents" value={stats.total} icon={FileText} tone="blue" hint={classes || undefined} />
        <StatCard label="Storage used" value={formatFileSize(stats.totalSize)} icon={HardDrive} tone="purple" />
        <StatCard
          label="Recent uploads"
          value={stats.recentUploads}
          icon={Clock}
          tone="green"
          hint="In the last 7 days"
        />
        <StatCard
          label="Most downloaded"
          value={<span className="block truncate text-base">{top ? top.title : "None yet"}</span>}
          icon={Download}
          tone="yellow"
          hint={
            top ? (
              <details>
                <summary className="cursor-pointer">
                  {top.downloadCount} download{top.downloadCount === 1 ? "" : "s"} · top {stats.mostDownloaded.length}
                </summary>
                <ol className="mt-1 list-decimal space-y-0.5 pl-4">
                  {stats.mostDownloaded.map((item) => (
                    <li key={item.id} className="truncate">
                      {item.title} ({item.downloadCount})
                    </li>
                  ))}
                </ol>
              </details>
            ) : undefined
          }
        />
      </div>
    </section>
  );
}
