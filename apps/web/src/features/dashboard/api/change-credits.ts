import type { CreditChangeResult } from "@flowdeck/shared/credits/schemas";
import type { OrganizationOverview } from "@flowdeck/shared/dashboard/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { meQueryKey } from "@/features/session/api/get-me.ts";
import { api } from "@/lib/api-client.ts";
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from "@/lib/idempotency-key.ts";
import { dashboardKeys, orgPath } from "./dashboard-keys.ts";

export type CreditChangeKind = "consume" | "add";
export type CreditChangeVariables = { amount: number; description?: string; idempotencyKey: string };

/** POST .../credits/consume or .../credits/add; the key makes the mutation's retry safe. */
export function changeCredits(orgId: string, kind: CreditChangeKind, variables: CreditChangeVariables) {
  const { idempotencyKey, ...body } = variables;
  return api<CreditChangeResult>(orgPath(orgId, `credits/${kind}`), {
    method: "POST",
    body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}

/**
 * Consume (any member) or add (admin and owner) credits. Each call of `change` is one intended
 * change with its own Idempotency-Key; the query client's single retry reuses it, so a request
 * that reached the server before the connection dropped is not applied twice.
 */
export function useChangeCredits(orgId: string) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ kind, ...variables }: CreditChangeVariables & { kind: CreditChangeKind }) =>
      changeCredits(orgId, kind, variables),
    onSuccess: (result) => {
      // Show the new balance at once; the refetches below bring the rest.
      queryClient.setQueryData<OrganizationOverview>(dashboardKeys.overview(orgId), (overview) =>
        overview ? { ...overview, credits: { ...overview.credits, balance: result.balance } } : overview,
      );
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.credit(orgId) });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.organization(orgId) });
      // The shell reads the balance from /api/me.
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
  const change = (
    kind: CreditChangeKind,
    amount: number,
    description?: string,
    options?: Parameters<typeof mutation.mutate>[1],
  ) =>
    mutation.mutate(
      { kind, amount, description: description || undefined, idempotencyKey: newIdempotencyKey() },
      options,
    );
  return { ...mutation, change };
}
