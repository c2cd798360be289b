import type { WorkflowStats } from "@flowdeck/shared/workflows/schemas";
import { CheckCircle2, FilePen, ListChecks, Workflow } from "lucide-react";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { StatCard } from "@/components/ui/stat-card.tsx";

/**
 * The workflows that are neither active nor draft, so the cards add up to the total: a workflow
 * under way or finished counts in neither Active nor Draft.
 */
function totalHint(stats: WorkflowStats): string {
  const parts = [`${stats.byStatus["in-progress"]} in progress`, `${stats.byStatus.completed} completed`];
  if (stats.overdue > 0) parts.push(`${stats.overdue} overdue`);
  return parts.join(" · ");
}

/** Spec 2 "Workflows": four stat cards, total, active, draft and total commands. */
export function WorkflowStatCards({ stats, loading }: { stats: WorkflowStats | undefined; loading: boolean }) {
  if (loading) {
    return (
      <div aria-busy="true" aria-label="Loading statistics" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-[90px]" />
        ))}
      </div>
    );
  }
  // When the statistics fail the list below says so; the numbers just stay unknown.
  const value = (pick: (stats: WorkflowStats) => number) => (stats ? pick(stats) : "—");
  return (
    <section aria-label="Statistics" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard
        label="Total Workflows"
        value={value((s) => s.total)}
        icon={Workflow}
        tone="blue"
        hint={stats ? totalHint(stats) : undefined}
      />
      <StatCard label="Active" value={value((s) => s.byStatus.active)} icon={CheckCircle2} tone="green" />
      <StatCard label="Draft" value={value((s) => s.byStatus.draft)} icon={FilePen} tone="yellow" />
      <StatCard
        label="Total Commands"
        value={value((s) => s.totalCommands)}
        icon={ListChecks}
        tone="purple"
        hint={stats ? `Average progress ${stats.averageProgress}%` : undefined}
      />
    </section>
  );
}
