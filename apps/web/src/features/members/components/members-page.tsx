import { MESSAGES, canManageMembers, roleWithArticle, type Membership, type Role } from "@flowdeck/shared";
import type { Member } from "@flowdeck/shared/members/schemas";
import { MEMBER_MESSAGES } from "@flowdeck/shared/members/messages";
import { removalRefusal, roleChangeRefusal } from "@flowdeck/shared/members/rules";
import { Eye } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { PageNumberPagination } from "@/components/ui/pagination.tsx";
import { ConfirmDialog } from "@/components/ui/confirm-dialog.tsx";
import { LoadingDialog } from "@/components/ui/loading-dialog.tsx";
import { ApiError } from "@/lib/api-client.ts";
import { useMe } from "@/lib/session/get-me.ts";
import { useCurrentOrganization } from "@/lib/session/use-current-organization.ts";
import { MEMBERS_PAGE_SIZE } from "../api/member-keys.ts";
import { useMembers } from "../api/get-members.ts";
import { useRemoveMember } from "../api/remove-member.ts";
import { useUpdateMemberRole } from "../api/update-member-role.ts";
import { MemberActions } from "./member-actions.tsx";
import { memberName } from "./member-display.tsx";
import { MembersList } from "./members-list.tsx";
import { RoleLegend } from "./role-legend.tsx";
import { NoticeAlert, type Notice } from "@/components/ui/notice.tsx";

/** /admin/members (spec 2 "Member management"). */
export function MembersPage() {
  const { data: me } = useMe();
  const { organization, role } = useCurrentOrganization();
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold">Members</h1>
        {organization && (
          <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
            People in {organization.name} and their roles.
          </p>
        )}
      </header>
      {organization && me ? (
        <MembersSection key={organization.id} organization={organization} role={role} userId={me.user.id} />
      ) : (
        <Alert tone="info">{MESSAGES.noOrganizationSelected}</Alert>
      )}
    </div>
  );
}

type Running = { title: string; message: string } | null;

function messageOf(error: unknown, fallback: string) {
  return error instanceof ApiError ? error.message : fallback;
}

function MembersSection({
  organization,
  role,
  userId,
}: {
  organization: Membership;
  role: Role | null;
  userId: string;
}) {
  const [page, setPage] = useState(1);
  const members = useMembers(organization.id, page);
  const updateRole = useUpdateMemberRole(organization.id);
  const removeMember = useRemoveMember(organization.id);
  const [feedback, setFeedback] = useState<Notice | null>(null);
  const [running, setRunning] = useState<Running>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  // A role picked in a row waits for confirmation: a select changes on each arrow key.
  const [roleChange, setRoleChange] = useState<{ member: Member; role: Role } | null>(null);
  const actor = { userId, role };
  const canManage = canManageMembers(role);

  const askRoleChange = (member: Member, newRole: Role) => {
    if (newRole === member.role) return;
    const refusal = roleChangeRefusal(actor, member, newRole);
    if (refusal) return setFeedback({ tone: "error", text: refusal });
    setRoleChange({ member, role: newRole });
  };

  const confirmRoleChange = () => {
    const change = roleChange;
    setRoleChange(null);
    if (!change) return;
    const { member, role: newRole } = change;
    const name = memberName(member);
    setFeedback(null);
    setRunning({ title: "Updating role", message: `Making ${name} ${roleWithArticle(newRole)}...` });
    updateRole.mutate(
      { userId: member.userId, role: newRole },
      {
        onSuccess: () => setFeedback({ tone: "success", text: `${name} is now ${roleWithArticle(newRole)}.` }),
        onError: (error) => setFeedback({ tone: "error", text: messageOf(error, MESSAGES.failedToUpdateMemberRole) }),
        onSettled: () => setRunning(null),
      },
    );
  };

  const confirmRemoval = () => {
    const member = removing;
    setRemoving(null);
    if (!member) return;
    const refusal = removalRefusal(actor, member);
    if (refusal) return setFeedback({ tone: "error", text: refusal });
    const name = memberName(member);
    setFeedback(null);
    setRunning({ title: "Removing member", message: `Removing ${name} from ${organization.name}...` });
    removeMember.mutate(member.userId, {
      onSuccess: () => setFeedback({ tone: "success", text: `${name} was removed from ${organization.name}.` }),
      onError: (error) => setFeedback({ tone: "error", text: messageOf(error, MESSAGES.failedToRemoveMember) }),
      onSettled: () => setRunning(null),
    });
  };

  const data = members.data;
  return (
    <>
      {!canManage && (
        <p className="flex items-center gap-2 rounded-lg border border-gray-200 bg-gray-50 px-4 py-3 text-sm text-gray-700 dark:border-gray-800 dark:bg-gray-900 dark:text-gray-300">
          <Eye aria-hidden className="size-4 shrink-0" />
          {MEMBER_MESSAGES.viewOnly}
        </p>
      )}
      <NoticeAlert notice={feedback} onDismiss={() => setFeedback(null)} />
      {members.error ? (
        <Alert tone="error" title="The members could not be loaded">
          {messageOf(members.error, "Please try refreshing the page.")}
        </Alert>
      ) : (
        <MembersList
          members={data?.items ?? []}
          total={data?.total}
          loading={members.isPending}
          currentUserId={userId}
          actions={
            canManage
              ? (member) => (
                  <MemberActions
                    actor={actor}
                    member={member}
                    disabled={running !== null}
                    onChangeRole={(newRole) => askRoleChange(member, newRole)}
                    onRemove={() => setRemoving(member)}
                  />
                )
              : undefined
          }
        />
      )}
      <PageNumberPagination
        label="Member pages"
        page={page}
        pageSize={MEMBERS_PAGE_SIZE}
        shown={data?.items.length ?? 0}
        total={data?.total ?? 0}
        onPageChange={setPage}
      />
      <RoleLegend />
      <ConfirmDialog
        open={roleChange !== null}
        title="Change role"
        message={
          roleChange && (
            <>
              Make <strong>{memberName(roleChange.member)}</strong> ({roleChange.member.email}){" "}
              {roleWithArticle(roleChange.role)} of {organization.name}? Their access changes at once.
            </>
          )
        }
        confirmLabel="Change role"
        onConfirm={confirmRoleChange}
        onCancel={() => setRoleChange(null)}
      />
      <ConfirmDialog
        open={removing !== null}
        title="Remove member"
        message={
          removing && (
            <>
              Are you sure you want to remove <strong>{memberName(removing)}</strong> ({removing.email}) from{" "}
              {organization.name}? They will lose access to it at once.
            </>
          )
        }
        confirmLabel="Remove"
        destructive
        onConfirm={confirmRemoval}
        onCancel={() => setRemoving(null)}
      />
      <LoadingDialog open={running !== null} title={running?.title ?? ""} message={running?.message} />
    </>
  );
}
