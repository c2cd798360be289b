import type { Membership } from "@flowdeck/shared";
import { useId } from "react";
import { useSwitchOrganization } from "@/lib/session/switch-organization.ts";

/** Shown when the user belongs to more than one organization. */
export function OrganizationSwitcher({
  organizations,
  currentId,
}: {
  organizations: Membership[];
  currentId: string | null;
}) {
  const switchOrganization = useSwitchOrganization();
  const id = useId();
  if (organizations.length < 2) return null;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-xs font-medium text-gray-500 dark:text-gray-400">
        Organization
      </label>
      <select
        id={id}
        value={currentId ?? ""}
        disabled={switchOrganization.isPending}
        onChange={(event) => switchOrganization.mutate(event.target.value)}
        className="block w-full rounded-lg border border-gray-300 bg-white px-2 py-1.5 text-sm dark:border-gray-700 dark:bg-gray-900"
      >
        {!currentId && <option value="">Select an organization</option>}
        {organizations.map((organization) => (
          <option key={organization.id} value={organization.id}>
            {organization.name}
          </option>
        ))}
      </select>
      {switchOrganization.error && (
        <p role="alert" className="text-xs text-red-600">
          {switchOrganization.error.message}
        </p>
      )}
    </div>
  );
}
