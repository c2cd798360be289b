import type { Profile } from "@flowdeck/shared/profile/schemas";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { PROFILE_PATH, profileKeys } from "./profile-keys.ts";

export function getProfile(signal?: AbortSignal) {
  return api<Profile>(PROFILE_PATH, { signal });
}

export const profileQuery = queryOptions({
  queryKey: profileKeys.profile,
  queryFn: ({ signal }) => getProfile(signal),
});

export function useProfile() {
  return useQuery(profileQuery);
}
