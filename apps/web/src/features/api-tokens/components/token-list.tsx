import type { ApiToken } from "@flowdeck/shared/api-tokens/schemas";
import { useState, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { ConfirmDialog } from "@/components/ui/confirm-dialog.tsx";
import type { DataTableColumn } from "@/components/ui/data-table.tsx";
import { PageNumberPagination } from "@/components/ui/pagination.tsx";
import { RoleBadge } from "@/components/ui/role-badge.tsx";
import { TableOrCards } from "@/components/ui/table-or-cards.tsx";
import { formatDate, formatDateTime } from "@/lib/format-date.ts";
import { API_TOKENS_PAGE_SIZE } from "../api/api-token-keys.ts";
import { useApiTokens } from "../api/get-api-tokens.ts";
import { useRevokeApiToken } from "../api/revoke-api-token.ts";

function When({ iso, empty, withTime = false }: { iso: string | null; empty: string; withTime?: boolean }) {
  if (!iso) return <span className="text-gray-600 dark:text-gray-400">{empty}</span>;
  return (
    <time dateTime={iso} className="whitespace-nowrap">
      {withTime ? formatDateTime(iso) : formatDate(iso)}
    </time>
  );
}

/** The organization's live tokens, newest first; revoking asks first and takes effect at once. */
export function TokenList({ orgId }: { orgId: string }) {
  const [page, setPage] = useState(1);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const tokens = useApiTokens(orgId, page);
  const revoke = useRevokeApiToken(orgId);

  const revokeButton = (token: ApiToken) => (
    <Button variant="secondary" onClick={() => setRevoking(token)} aria-label={`Revoke ${token.name}`}>
      Revoke
    </Button>
  );
  const columns: DataTableColumn<ApiToken>[] = [
    {
      key: "name",
      header: "Name",
      cell: (token) => (
        <span className="wrap-anywhere">
          <span className="font-medium text-gray-900 dark:text-gray-100">{token.name}</span>
          <code className="block text-xs text-gray-600 dark:text-gray-400">{token.hint}</code>
        </span>
      ),
    },
    { key: "role", header: "Role", cell: (token) => <RoleBadge role={token.role} /> },
    {
      key: "creator",
      header: "Created by",
      cell: (token) => <span className="wrap-anywhere">{token.createdBy?.name || token.createdBy?.email || "—"}</span>,
    },
    { key: "created", header: "Created", cell: (token) => <When iso={token.createdAt} empty="" /> },
    { key: "used", header: "Last used", cell: (token) => <When iso={token.lastUsedAt} empty="Never" withTime /> },
    { key: "expires", header: "Expires", cell: (token) => <When iso={token.expiresAt} empty="Never" /> },
    {
      key: "actions",
      header: "Actions",
      cell: (token) => revokeButton(token),
    },
  ];
  const total = tokens.data?.total;
  const caption = total === undefined ? "API tokens" : `${total} ${total === 1 ? "token" : "tokens"}`;

  return (
    <section className="space-y-3">
      {tokens.error && <Alert tone="error">{tokens.error.message}</Alert>}
      <TableOrCards
        card={(token) => <TokenCard token={token} action={revokeButton(token)} />}
        caption={caption}
        columns={columns}
        rows={tokens.data?.items ?? []}
        rowKey={(token) => token.id}
        loading={tokens.isPending}
        emptyMessage="No API tokens yet"
      />
      <PageNumberPagination
        label="API token pages"
        page={page}
        pageSize={API_TOKENS_PAGE_SIZE}
        shown={tokens.data?.items.length ?? 0}
        total={total ?? 0}
        onPageChange={setPage}
      />
      {revoke.error && <Alert tone="error">{revoke.error.message}</Alert>}
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke token"
        message={`Revoke "${revoking?.name}"? Every request that uses it is refused from now on. This cannot be undone.`}
        confirmLabel="Revoke token"
        destructive
        busy={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate(revoking.id, { onSettled: () => setRevoking(null) })}
      />
    </section>
  );
}

/** One token on a phone: name and hint, role, who made it, and its dates. */
function TokenCard({ token, action }: { token: ApiToken; action: ReactNode }) {
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 wrap-anywhere">
          <span className="font-medium text-gray-900 dark:text-gray-100">{token.name}</span>
          <code className="block text-xs text-gray-600 dark:text-gray-400">{token.hint}</code>
        </p>
        <RoleBadge role={token.role} />
      </div>
      <p className="wrap-anywhere text-gray-600 dark:text-gray-400">
        Created <When iso={token.createdAt} empty="" /> by {token.createdBy?.name || token.createdBy?.email || "—"}
      </p>
      <p className="text-xs text-gray-500 dark:text-gray-400">
        Last used <When iso={token.lastUsedAt} empty="Never" withTime /> · Expires{" "}
        <When iso={token.expiresAt} empty="Never" />
      </p>
      {action}
    </>
  );
}
