import type { RegistrationPolicy } from "@flowdeck/shared/auth/registration";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";

/** What the register page may offer: the server's REGISTRATION setting (decision 056). */
export function getRegistrationPolicy(signal?: AbortSignal) {
  return api<RegistrationPolicy>("/api/account/registration", { signal });
}

export const registrationPolicyQueryOptions = queryOptions({
  queryKey: ["registration-policy"],
  queryFn: ({ signal }) => getRegistrationPolicy(signal),
});

export function useRegistrationPolicy() {
  return useQuery(registrationPolicyQueryOptions);
}
