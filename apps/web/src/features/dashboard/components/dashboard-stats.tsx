import type { OrganizationOverview } from "@flowdeck/shared/dashboard/schemas";
import type { UseQueryResult } from "@tanstack/react-query";
import { CalendarRange, Coins, TrendingDown, Users } from "lucide-react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { StatCard } from "@/components/ui/stat-card.tsx";
import { formatCount } from "./format.ts";

/** The organization at a glance: balance, members and recent consumption. */
export function DashboardStats({ overview }: { overview: UseQueryResult<OrganizationOverview> }) {
  const { data, error, isPending, refetch, isFetching } = overview;
  if (isPending) {
    return (
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4" aria-busy="true" aria-label="Loading figures">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-[5.5rem]" />
        ))}
      </div>
    );
  }
  if (error) {
    return (
      <Alert tone="error" title="Could not load the organization's figures">
        <p>{error.message}</p>
        <Button variant="secondary" className="mt-2" busy={isFetching} onClick={() => void refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const stats = [
    {
      label: "Credit balance",
      value: formatCount(data.credits.balance),
      icon: Coins,
      tone: "green",
      hint: "credits available",
    },
    {
      label: "Members",
      value: formatCount(data.members.total),
      icon: Users,
      tone: "blue",
      hint: `${formatCount(data.members.byRole.admin + data.members.byRole.owner)} with admin rights`,
    },
    {
      label: "Consumed (7 days)",
      value: formatCount(data.credits.consumedLast7Days),
      icon: TrendingDown,
      tone: "yellow",
      hint: "credits",
    },
    {
      label: "Consumed (30 days)",
      value: formatCount(data.credits.consumedLast30Days),
      icon: CalendarRange,
      tone: "purple",
      hint: `${formatCount(data.credits.addedLast30Days)} added`,
    },
  ] as const;
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      {stats.map((stat) => (
        // A named group, so the figure can be found by its label.
        <div key={stat.label} role="group" aria-label={stat.label} className="[&>div]:h-full">
          <StatCard {...stat} />
        </div>
      ))}
    </div>
  );
}
