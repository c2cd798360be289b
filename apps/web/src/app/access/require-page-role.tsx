import { checkPageAccess, findPage } from "@flowdeck/shared";
import type { ReactNode } from "react";
import { useCurrentOrganization } from "@/lib/session/use-current-organization.ts";
import { AccessDenied } from "./access-denied.tsx";

/**
 * Shows the page only to roles at or above its minimum (the shared page table). This mirrors
 * the server, which refuses the same requests on its own.
 */
export function RequirePageRole({ path, children }: { path: string; children: ReactNode }) {
  const { organization, role, loading } = useCurrentOrganization();
  const page = findPage(path);
  if (!page) throw new Error(`No page definition for ${path}`);
  const access = checkPageAccess({
    minimumRole: page.minimumRole,
    role,
    hasOrganization: Boolean(organization),
    loading,
    servesNoOrganization: page.servesNoOrganization,
  });
  if (!access.allowed) return <AccessDenied required={access.required} current={access.current} />;
  return children;
}
