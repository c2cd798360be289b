import type { InvitationPreview } from "@flowdeck/shared/invitations/schemas";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { codePath, invitationKeys } from "./invitation-keys.ts";

export function getInvitationPreview(code: string, signal?: AbortSignal) {
  return api<InvitationPreview>(codePath(code), { signal });
}

export function invitationPreviewQueryOptions(code: string) {
  return queryOptions({
    queryKey: invitationKeys.preview(code),
    queryFn: ({ signal }) => getInvitationPreview(code, signal),
    // Spec 7: invitation validation does not retry; invitation reads are stale after 30 seconds.
    retry: false,
    staleTime: 30_000,
  });
}

export function useInvitationPreview(code: string) {
  return useQuery(invitationPreviewQueryOptions(code));
}
