import { can, MESSAGES } from "@flowdeck/shared";
import { Plus } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { useCurrentOrganization } from "@/lib/session/use-current-organization.ts";
import { FreezeWindowDialog } from "./freeze-window-dialog.tsx";
import { FreezeWindowList } from "./freeze-window-list.tsx";

/**
 * /admin/freeze-windows: when runs of workflows that respect freeze windows may not start
 * (decision 071). Admins and owners only; the server refuses everyone else.
 */
export function FreezeWindowsPage() {
  const { organization, role } = useCurrentOrganization();
  const [creating, setCreating] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const canManage = can(role, "freezeWindows.manage");
  const newButton = canManage && (
    <Button onClick={() => setCreating(true)}>
      <Plus aria-hidden className="size-4" />
      New freeze window
    </Button>
  );
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">Freeze windows</h1>
          <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
            While a window is on, scheduled runs of workflows that respect freeze windows are skipped, and Run now asks
            an admin or owner for a reason to override.
          </p>
        </div>
        {organization && newButton}
      </header>
      {!organization ? (
        <Alert tone="info">{MESSAGES.noOrganizationSelected}</Alert>
      ) : !canManage ? (
        <Alert tone="info">Only an admin or owner can see and manage freeze windows.</Alert>
      ) : (
        <div key={organization.id} className="space-y-4">
          {saved && (
            <Alert tone="success" onDismiss={() => setSaved(null)}>
              {saved}
            </Alert>
          )}
          <FreezeWindowList
            orgId={organization.id}
            onDeleted={(reason) => setSaved(`Freeze window "${reason}" deleted.`)}
            emptyAction={newButton}
          />
          {creating && (
            <FreezeWindowDialog
              orgId={organization.id}
              onClose={() => setCreating(false)}
              onSaved={(reason) => {
                setCreating(false);
                setSaved(`Freeze window "${reason}" created.`);
              }}
            />
          )}
        </div>
      )}
    </div>
  );
}
