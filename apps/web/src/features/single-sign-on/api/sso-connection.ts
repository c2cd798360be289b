import type { PutSsoConnectionInput, SsoConnection, SsoTestResult } from "@flowdeck/shared/sso/schemas";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "@/lib/api-client.ts";
import { orgKey, orgPath } from "@/lib/org-api.ts";

/** Under the organization's family: a change to the connection announces the organization. */
export const ssoConnectionKey = (orgId: string) => orgKey(orgId, "organization", "sso");

/** The organization's connection, or null before it is set up (the server answers 404). */
export function useSsoConnection(orgId: string) {
  return useQuery({
    queryKey: ssoConnectionKey(orgId),
    queryFn: async ({ signal }) => {
      try {
        return await api<SsoConnection>(orgPath(orgId, "sso"), { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export function useSaveSsoConnection(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutSsoConnectionInput) => api<SsoConnection>(orgPath(orgId, "sso"), { method: "PUT", body }),
    onSuccess: (connection) => queryClient.setQueryData(ssoConnectionKey(orgId), connection),
  });
}

/** Test connection: the provider's discovery, answered in plain words. */
export function useTestSsoConnection(orgId: string) {
  return useMutation({
    mutationFn: () => api<SsoTestResult>(orgPath(orgId, "sso/test"), { method: "POST" }),
  });
}

/** "Check again": looks the domain's TXT record up now. */
export function useVerifySsoDomain(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domain: string) =>
      api<SsoConnection>(orgPath(orgId, `sso/domains/${encodeURIComponent(domain)}/verify`), { method: "POST" }),
    onSuccess: (connection) => queryClient.setQueryData(ssoConnectionKey(orgId), connection),
  });
}
