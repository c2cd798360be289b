import type { Secret } from "@flowdeck/shared/secrets/schemas";
import { LockKeyhole } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { ConfirmDialog } from "@/components/ui/confirm-dialog.tsx";
import type { DataTableColumn } from "@/components/ui/data-table.tsx";
import { EmptyState } from "@/components/ui/empty-state.tsx";
import { TableOrCards } from "@/components/ui/table-or-cards.tsx";
import { formatDateTime } from "@/lib/format-date.ts";
import { useDeleteSecret } from "../api/delete-secret.ts";
import { useSecrets } from "@/lib/secrets/get-secrets.ts";

function UpdatedAt({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} className="whitespace-nowrap">
      {formatDateTime(iso)}
    </time>
  );
}

/** The organization's secrets by name; managers replace values and delete (after asking). */
export function SecretList({
  orgId,
  canManage,
  onReplace,
  onDeleted,
  emptyAction,
}: {
  orgId: string;
  canManage: boolean;
  onReplace: (secret: Secret) => void;
  onDeleted: (name: string) => void;
  emptyAction?: ReactNode;
}) {
  const secrets = useSecrets(orgId);
  const remove = useDeleteSecret(orgId);
  const [deleting, setDeleting] = useState<Secret | null>(null);

  const actions = (secret: Secret) => (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" onClick={() => onReplace(secret)} aria-label={`Replace the value of ${secret.name}`}>
        Replace value
      </Button>
      <Button variant="secondary" onClick={() => setDeleting(secret)} aria-label={`Delete ${secret.name}`}>
        Delete
      </Button>
    </div>
  );
  const columns: DataTableColumn<Secret>[] = [
    {
      key: "name",
      header: "Name",
      cell: (secret) => <code className="font-mono text-[13px] font-medium wrap-anywhere">{secret.name}</code>,
    },
    {
      key: "description",
      header: "Description",
      cell: (secret) => <span className="wrap-anywhere">{secret.description || "—"}</span>,
    },
    {
      key: "updatedBy",
      header: "Updated by",
      cell: (secret) => <span className="wrap-anywhere">{secret.updatedBy}</span>,
    },
    { key: "updatedAt", header: "Updated", cell: (secret) => <UpdatedAt iso={secret.updatedAt} /> },
    ...(canManage ? [{ key: "actions", header: "Actions", cell: actions }] : []),
  ];

  if (secrets.error) return <Alert tone="error">{secrets.error.message}</Alert>;
  const items = secrets.data?.items ?? [];
  if (secrets.data && items.length === 0) {
    return (
      <EmptyState
        icon={<LockKeyhole aria-hidden className="size-10 text-gray-400" />}
        title="No secrets yet"
        text={
          canManage
            ? "Keep passwords, tokens and keys here: workflows receive them as environment variables, and their values are never shown again."
            : "An admin can add passwords, tokens and keys here for workflows to use."
        }
        action={emptyAction}
      />
    );
  }
  const caption = secrets.data ? `${items.length} ${items.length === 1 ? "secret" : "secrets"}` : "Secrets";
  return (
    <section className="space-y-3">
      <TableOrCards
        card={(secret) => <SecretCard secret={secret} action={canManage ? actions(secret) : null} />}
        caption={caption}
        columns={columns}
        rows={items}
        rowKey={(secret) => secret.name}
        loading={secrets.isPending}
        emptyMessage="No secrets yet"
      />
      {remove.error && <Alert tone="error">{remove.error.message}</Alert>}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete secret"
        message={`Delete ${deleting?.name}? Workflows that use it can no longer run until it is set again. Its value cannot be recovered.`}
        confirmLabel="Delete secret"
        destructive
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.name, {
            onSuccess: () => onDeleted(deleting.name),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </section>
  );
}

/** One secret on a phone. */
function SecretCard({ secret, action }: { secret: Secret; action: ReactNode }) {
  return (
    <>
      <code className="block font-mono text-[13px] font-medium wrap-anywhere text-gray-900 dark:text-gray-100">
        {secret.name}
      </code>
      {secret.description && <p className="wrap-anywhere text-gray-700 dark:text-gray-300">{secret.description}</p>}
      <p className="wrap-anywhere text-xs text-gray-500 dark:text-gray-400">
        Updated <UpdatedAt iso={secret.updatedAt} /> by {secret.updatedBy}
      </p>
      {action}
    </>
  );
}
