import { ROLE_LEGEND } from "@flowdeck/shared/members/messages";
import { RoleBadge } from "@/components/ui/role-badge.tsx";

/** The role-permission legend of spec 2 "Member management". */
export function RoleLegend() {
  return (
    <section
      aria-labelledby="role-legend-title"
      className="rounded-lg border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900"
    >
      <h2 id="role-legend-title" className="text-sm font-semibold text-gray-900 dark:text-gray-100">
        Role permissions
      </h2>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {ROLE_LEGEND.map(({ role, description }) => (
          <div key={role} className="flex items-center gap-2 text-sm">
            <dt className="shrink-0">
              <RoleBadge role={role} />
            </dt>
            <dd className="text-gray-600 dark:text-gray-400">{description}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
