import type { SsoStatus } from "@flowdeck/shared/sso/schemas";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";

/** Whether any organization signs in through its provider: the login page then asks for the address first. */
export const ssoStatusQueryOptions = queryOptions({
  queryKey: ["sso-status"],
  queryFn: ({ signal }) => api<SsoStatus>("/api/auth/sso/status", { signal }),
  staleTime: 60_000,
});

/** The provider's sign-in address for this e-mail address; a 404 means it signs in with a password. */
export function startSsoSignIn(email: string) {
  return api<{ url: string }>("/api/auth/sso/start", { method: "POST", body: { email } });
}
