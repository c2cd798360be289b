import type { Member } from "@flowdeck/shared/members/schemas";
import type { ReactNode } from "react";
import { DataTable, type DataTableColumn } from "@/components/ui/data-table.tsx";
import { EmailText } from "@/components/ui/email-text.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { formatDate } from "@/lib/format-date.ts";
import { memberName } from "./member-display.tsx";
import { RoleBadge } from "@/components/ui/role-badge.tsx";

type MembersListProps = {
  members: Member[];
  total: number | undefined;
  loading: boolean;
  currentUserId: string;
  /** The actions of a row; the column is left out when absent (non-admins). */
  actions?: (member: Member) => ReactNode;
};

const EMPTY = "No members yet";

/** The member table on wider screens, one card per member on a phone. */
export function MembersList({ members, total, loading, currentUserId, actions }: MembersListProps) {
  const you = (member: Member) =>
    member.userId === currentUserId && <span className="ml-1 font-normal text-gray-500 dark:text-gray-400">(you)</span>;
  const columns: DataTableColumn<Member>[] = [
    {
      key: "name",
      header: "Name",
      cell: (member) => (
        // Long names and addresses wrap so the actions stay in view.
        <span className="font-medium wrap-anywhere text-gray-900 dark:text-gray-100">
          {memberName(member)}
          {you(member)}
        </span>
      ),
    },
    {
      key: "email",
      header: "Email",
      cell: (member) => (
        <span className="wrap-anywhere">
          <EmailText email={member.email} />
        </span>
      ),
    },
    { key: "role", header: "Role", cell: (member) => <RoleBadge role={member.role} /> },
    {
      key: "joined",
      header: "Joined",
      cell: (member) => (
        <time dateTime={member.joinedAt} className="whitespace-nowrap">
          {formatDate(member.joinedAt)}
        </time>
      ),
    },
  ];
  if (actions) columns.push({ key: "actions", header: "Actions", cell: actions });
  const caption = total === undefined ? "Members" : `${total} ${total === 1 ? "member" : "members"}`;

  return (
    <>
      <div className="hidden md:block">
        <DataTable
          caption={caption}
          columns={columns}
          rows={members}
          rowKey={(member) => member.userId}
          loading={loading}
          emptyMessage={EMPTY}
        />
      </div>
      <section aria-label={caption} aria-busy={loading} className="space-y-3 md:hidden">
        <h2 className="text-sm font-medium text-gray-700 dark:text-gray-300">{caption}</h2>
        {loading ? (
          Array.from({ length: 3 }, (_, index) => <Skeleton key={index} className="h-28 w-full" />)
        ) : members.length === 0 ? (
          <p className="rounded-lg border border-gray-200 bg-white p-6 text-center text-sm text-gray-500 dark:border-gray-800 dark:bg-gray-900 dark:text-gray-400">
            {EMPTY}
          </p>
        ) : (
          <ul className="space-y-3">
            {members.map((member) => (
              <li
                key={member.userId}
                className="rounded-lg border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900"
              >
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-medium wrap-anywhere text-gray-900 dark:text-gray-100">
                      {memberName(member)}
                      {you(member)}
                    </p>
                    <p className="text-sm wrap-anywhere text-gray-600 dark:text-gray-400">
                      <EmailText email={member.email} />
                    </p>
                  </div>
                  <RoleBadge role={member.role} />
                </div>
                <p className="mt-1 text-xs text-gray-500 dark:text-gray-400">
                  Joined <time dateTime={member.joinedAt}>{formatDate(member.joinedAt)}</time>
                </p>
                {actions && <div className="mt-3">{actions(member)}</div>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
