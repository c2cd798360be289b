import { can, MESSAGES } from "@flowdeck/shared";
import type { Secret } from "@flowdeck/shared/secrets/schemas";
import { Plus } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { useCurrentOrganization } from "@/lib/session/use-current-organization.ts";
import { SecretDialog } from "./secret-dialog.tsx";
import { SecretList } from "./secret-list.tsx";

type Editing = { kind: "new" } | { kind: "replace"; secret: Secret } | null;

/**
 * /admin/secrets: the organization's secrets. Admins and owners create, replace and delete them;
 * editors see the names (to choose them in a workflow); a value is never shown.
 */
export function SecretsPage() {
  const { organization, role } = useCurrentOrganization();
  const [editing, setEditing] = useState<Editing>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const canManage = can(role, "secrets.manage");
  const newButton = canManage && (
    <Button onClick={() => setEditing({ kind: "new" })}>
      <Plus aria-hidden className="size-4" />
      New secret
    </Button>
  );
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">Secrets</h1>
          <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
            Passwords, tokens and keys for workflows, encrypted at rest. A value is never shown again once saved.
          </p>
        </div>
        {organization && newButton}
      </header>
      {!organization ? (
        <Alert tone="info">{MESSAGES.noOrganizationSelected}</Alert>
      ) : (
        <div key={organization.id} className="space-y-4">
          {!canManage && (
            <Alert tone="info">
              You can see which secrets exist. Only an admin or owner can add, replace or delete them.
            </Alert>
          )}
          {saved && (
            <Alert tone="success" onDismiss={() => setSaved(null)}>
              {saved}
            </Alert>
          )}
          <SecretList
            orgId={organization.id}
            canManage={canManage}
            onReplace={(secret) => setEditing({ kind: "replace", secret })}
            onDeleted={(name) => setSaved(`Secret ${name} deleted.`)}
            emptyAction={newButton}
          />
          {editing && (
            <SecretDialog
              orgId={organization.id}
              secret={editing.kind === "replace" ? editing.secret : undefined}
              onClose={() => setEditing(null)}
              onSaved={(name, created) => {
                setEditing(null);
                setSaved(created ? `Secret ${name} created.` : `The value of ${name} was replaced.`);
              }}
            />
          )}
        </div>
      )}
    </div>
  );
}
