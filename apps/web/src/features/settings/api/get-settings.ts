import type { OrganizationSettings } from "@flowdeck/shared/settings/schemas";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { settingsKeys, settingsPath } from "./settings-keys.ts";

export function getOrganizationSettings(orgId: string, signal?: AbortSignal) {
  return api<OrganizationSettings>(settingsPath(orgId), { signal });
}

export function organizationSettingsQuery(orgId: string) {
  return queryOptions({
    queryKey: settingsKeys.settings(orgId),
    queryFn: ({ signal }) => getOrganizationSettings(orgId, signal),
  });
}

export function useOrganizationSettings(orgId: string) {
  return useQuery(organizationSettingsQuery(orgId));
}
