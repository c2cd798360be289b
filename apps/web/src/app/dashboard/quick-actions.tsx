import clsx from "clsx";
import { ChevronDown, UserPlus, Users } from "lucide-react";
import { can, type Role } from "@flowdeck/shared";
import { Suspense, useId, useState, type ReactNode } from "react";
import { DashboardCard } from "@/features/dashboard/components/card.tsx";
import { SkeletonText } from "@/components/ui/skeleton.tsx";
import { lazyNamed } from "@/lib/lazy-named.ts";
import { MemberList } from "./member-list.tsx";

// The form and its validation (zod) load when first opened, not with the dashboard.
const InviteForm = lazyNamed(() => import("./invite-form.tsx"), "InviteForm");

/**
 * Spec 2: Quick Actions toggle the member list and the invitation form, inline. Only members who
 * may invite are offered the form.
 */
export function QuickActions({ orgId, role }: { orgId: string; role: Role | null }) {
  const mayInvite = can(role, "invitations.send");
  const [showMembers, setShowMembers] = useState(false);
  const [showInvite, setShowInvite] = useState(false);
  const membersId = useId();
  const inviteId = useId();
  return (
    <DashboardCard id="quick-actions-title" title="Quick Actions">
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        <ToggleButton
          icon={<Users className="size-4" aria-hidden />}
          expanded={showMembers}
          controls={membersId}
          onToggle={() => setShowMembers((open) => !open)}
        >
          View Members
        </ToggleButton>
        {mayInvite && (
          <ToggleButton
            icon={<UserPlus className="size-4" aria-hidden />}
            expanded={showInvite}
            controls={inviteId}
            onToggle={() => setShowInvite((open) => !open)}
          >
            Send Invites
          </ToggleButton>
        )}
      </div>
      {(showMembers || showInvite) && (
        <div className="mt-4 grid grid-cols-1 gap-4">
          {showMembers && (
            <div id={membersId} className="min-w-0">
              <MemberList orgId={orgId} />
            </div>
          )}
          {mayInvite && showInvite && (
            <div id={inviteId} className="min-w-0">
              <Suspense fallback={<SkeletonText />}>
                <InviteForm orgId={orgId} />
              </Suspense>
            </div>
          )}
        </div>
      )}
    </DashboardCard>
  );
}

function ToggleButton({
  icon,
  expanded,
  controls,
  onToggle,
  children,
}: {
  icon: ReactNode;
  expanded: boolean;
  controls: string;
  onToggle: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-expanded={expanded}
      aria-controls={controls}
      onClick={onToggle}
      className={clsx(
        "inline-flex items-center justify-center gap-2 rounded-lg border px-3 py-2 text-sm font-medium transition-colors",
        expanded
          ? "border-indigo-300 bg-indigo-50 text-indigo-700 dark:border-indigo-700 dark:bg-indigo-950 dark:text-indigo-200"
          : "border-gray-300 bg-white text-gray-800 hover:bg-gray-50 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 dark:hover:bg-gray-800",
      )}
    >
      {icon}
      {children}
      {/* Left out on a phone, where two buttons must share the row. */}
      <ChevronDown
        className={clsx("hidden size-4 transition-transform sm:block", expanded && "rotate-180")}
        aria-hidden
      />
    </button>
  );
}
