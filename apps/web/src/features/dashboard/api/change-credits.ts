import type { CreditChangeResult } from "@flowdeck/shared/credits/schemas";
import type { OrganizationOverview } from "@flowdeck/shared/dashboard/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { meQueryKey } from "@/lib/session/get-me.ts";
import { api } from "@/lib/api-client.ts";
import { IDEMPOTENCY_HEADER, useIntent } from "@/lib/idempotency-key.ts";
import { orgPath } from "@/lib/org-api.ts";
import { dashboardKeys } from "./dashboard-keys.ts";

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
 * Consume (any member) or add (admin and owner) credits. One intended change keeps one
 * Idempotency-Key (see useIntent): a double click sends one request, and the query client's retry
 * or the user's own retry of the same values reuse the key, so a request that reached the server
 * before the connection dropped is not applied twice.
 */
export function useChangeCredits(orgId: string) {
  const queryClient = useQueryClient();
  const intent = useIntent();
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
  ) => {
    const values = { kind, amount, description: description || undefined };
    const idempotencyKey = intent.begin(values);
    if (!idempotencyKey) return;
    mutation.mutate(
      { ...values, idempotencyKey },
      {
        ...options,
        onSettled: (data, error, variables, result, context) => {
          intent.end(!error);
          options?.onSettled?.(data, error, variables, result, context);
        },
      },
    );
  };
  return { ...mutation, change };
}
