import { CATEGORY_STAT_CARDS, TASK_CATEGORIES, TASK_CATEGORY_LABELS } from "@flowdeck/shared/tasks/constants";
import type { TaskStats } from "@flowdeck/shared/tasks/schemas";
import { CheckCircle2, FolderOpen, TerminalSquare } from "lucide-react";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { StatCard } from "@/components/ui/stat-card.tsx";

/** The categories that hold commands, most first (ties in the categories' order), at most three. */
function topCategories(stats: TaskStats) {
  return TASK_CATEGORIES.map((category) => ({ category, count: stats.byCategory[category] }))
    .filter((entry) => entry.count > 0)
    .sort((a, b) => b.count - a.count)
    .slice(0, CATEGORY_STAT_CARDS);
}

/** Spec 2 "Tasks": the total, then up to three category counts, else an Active count. */
export function TaskStatCards({ stats, loading }: { stats: TaskStats | undefined; loading: boolean }) {
  if (!loading && !stats) {
    // The list below says what failed; the total just stays unknown.
    return (
      <section aria-label="Statistics" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard label="Total Commands" value="—" icon={TerminalSquare} tone="blue" />
      </section>
    );
  }
  if (loading || !stats) {
    return (
      <div
        aria-busy={loading}
        aria-label="Loading statistics"
        className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
      >
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-[90px]" />
        ))}
      </div>
    );
  }
  const categories = topCategories(stats);
  return (
    <section aria-label="Statistics" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard label="Total Commands" value={stats.total} icon={TerminalSquare} tone="blue" />
      {categories.length > 0 ? (
        categories.map(({ category, count }) => (
          <StatCard
            key={category}
            label={TASK_CATEGORY_LABELS[category]}
            value={count}
            icon={FolderOpen}
            tone="purple"
          />
        ))
      ) : (
        <StatCard label="Active" value={stats.byStatus.active} icon={CheckCircle2} tone="green" />
      )}
    </section>
  );
}
