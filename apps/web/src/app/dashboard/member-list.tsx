import { Alert } from "@/components/ui/alert.tsx";
import { RoleBadge } from "@/components/ui/role-badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { useMembers } from "@/features/members/api/get-members.ts";
import { formatDate } from "@/lib/format-date.ts";

/** The inline member list of Quick Actions: the first page of the Members page, with their roles. */
export function MemberList({ orgId }: { orgId: string }) {
  const { data, error, isPending, isFetching, refetch } = useMembers(orgId, 1);
  return (
    <div className="rounded-lg border border-gray-200 dark:border-gray-800">
      <h3 className="border-b border-gray-200 px-4 py-2.5 text-sm font-semibold dark:border-gray-800">
        Members{data ? ` (${data.total})` : ""}
      </h3>
      {isPending ? (
        <div className="space-y-3 p-4" aria-busy="true" aria-label="Loading members">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-10" />
          ))}
        </div>
      ) : error ? (
        <div className="p-4">
          <Alert tone="error" title="Could not load the members">
            <p>{error.message}</p>
            <Button variant="secondary" className="mt-2" busy={isFetching} onClick={() => void refetch()}>
              Try again
            </Button>
          </Alert>
        </div>
      ) : data.items.length === 0 ? (
        <p className="p-4 text-sm text-gray-500 dark:text-gray-400">No members yet.</p>
      ) : (
        <>
          <ul aria-label="Members" className="max-h-80 divide-y divide-gray-200 overflow-y-auto dark:divide-gray-800">
            {data.items.map((member) => {
              const name = member.name || member.email.split("@")[0] || member.email;
              return (
                <li key={member.userId} className="flex items-center gap-3 px-4 py-2.5">
                  <span
                    aria-hidden
                    className="flex size-8 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-700 dark:bg-indigo-500/20 dark:text-indigo-200"
                  >
                    {name.charAt(0).toUpperCase() || "U"}
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-gray-900 dark:text-gray-100">{name}</p>
                    <p className="truncate text-xs text-gray-500 dark:text-gray-400">
                      {member.email} · joined {formatDate(member.joinedAt)}
                    </p>
                  </div>
                  <RoleBadge role={member.role} />
                </li>
              );
            })}
          </ul>
          {data.total > data.items.length && (
            <p className="border-t border-gray-200 px-4 py-2 text-xs text-gray-500 dark:border-gray-800 dark:text-gray-400">
              Showing {data.items.length} of {data.total} members.
            </p>
          )}
        </>
      )}
    </div>
  );
}
