import type { RegistrationToken } from "@flowdeck/shared/runners/schemas";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { runnersPath } from "./runner-keys.ts";

/** A new registration token, shown once; never retried, so no second token is made by accident. */
export function useCreateRegistrationToken(orgId: string) {
  return useMutation({
    mutationFn: () => api<RegistrationToken>(runnersPath(orgId, "/registration-tokens"), { method: "POST" }),
    retry: false,
  });
}
