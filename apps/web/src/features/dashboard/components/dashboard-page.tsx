import { Coins } from "lucide-react";
import { StatCard } from "@/components/ui/stat-card.tsx";
import { useMe } from "@/features/session/api/get-me.ts";
import { useCurrentOrganization } from "@/features/session/use-current-organization.ts";
import { CreateOrganizationForm } from "./create-organization-form.tsx";

/** Spec 2 "Dashboard": the greeting uses the display name, else the email's local part, else 'User'. */
export function greetingName(user: { displayName: string | null; email: string } | undefined): string {
  return user?.displayName || user?.email.split("@")[0] || "User";
}

export function DashboardPage() {
  const { data: me } = useMe();
  const { organization } = useCurrentOrganization();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Welcome back, {greetingName(me?.user)}!</h1>
      {organization ? (
        <div className="space-y-4">
          <p className="text-lg font-medium text-gray-700 dark:text-gray-300">{organization.name}</p>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <StatCard label="Credit balance" value={organization.credits} icon={Coins} tone="green" />
          </div>
        </div>
      ) : (
        <CreateOrganizationForm />
      )}
    </div>
  );
}
