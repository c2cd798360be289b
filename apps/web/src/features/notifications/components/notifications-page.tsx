import { MESSAGES } from "@flowdeck/shared";
import { Alert } from "@/components/ui/alert.tsx";
import { useCurrentOrganization } from "@/lib/session/use-current-organization.ts";
import { DeliveryLog } from "./delivery-log.tsx";
import { RuleList } from "./rule-list.tsx";

/** /admin/notifications: the organization's notification rules and the log of what was sent. */
export function NotificationsPage() {
  const { organization } = useCurrentOrganization();
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold">Notifications</h1>
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
          Tell people and systems when runs fail, recover or run long, and when schedules are skipped or missed.
        </p>
      </header>
      {organization ? (
        <div key={organization.id} className="space-y-8">
          <RuleList orgId={organization.id} />
          <DeliveryLog orgId={organization.id} />
        </div>
      ) : (
        <Alert tone="info">{MESSAGES.noOrganizationSelected}</Alert>
      )}
    </div>
  );
}
