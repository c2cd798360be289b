import { Suspense } from "react";
import { SkeletonText } from "@/components/ui/skeleton.tsx";
import { InvitationWelcomeNotice } from "@/features/invitations/components/welcome-notice.tsx";
import { useMe } from "@/lib/session/get-me.ts";
import { useCurrentOrganization } from "@/lib/session/use-current-organization.ts";
import { lazyNamed } from "@/lib/lazy-named.ts";
import { OrganizationDashboard } from "./organization-dashboard.tsx";

// Only a member of no organization sees it: its form and validation load then.
const CreateOrganizationForm = lazyNamed(
  () => import("@/features/dashboard/components/create-organization-form.tsx"),
  "CreateOrganizationForm",
);

/** Spec 2 "Dashboard": the greeting uses the display name, else the email's local part, else 'User'. */
function greetingName(user: { displayName: string | null; email: string } | undefined): string {
  return user?.displayName || user?.email.split("@")[0] || "User";
}

export function DashboardPage() {
  const { data: me } = useMe();
  const { organization, role } = useCurrentOrganization();
  return (
    <div className="space-y-6">
      <InvitationWelcomeNotice />
      <h1 className="text-2xl font-semibold wrap-anywhere text-gray-900 dark:text-gray-100">
        Welcome back, {greetingName(me?.user)}!
      </h1>
      {organization ? (
        // Keyed, so switching organization starts from a clean slate (open panels, form state).
        <OrganizationDashboard key={organization.id} orgId={organization.id} name={organization.name} role={role} />
      ) : (
        <Suspense fallback={<SkeletonText />}>
          <CreateOrganizationForm />
        </Suspense>
      )}
    </div>
  );
}
