import { MESSAGES, type Membership } from "@flowdeck/shared";
import { Download } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { useCurrentOrganization } from "@/lib/session/use-current-organization.ts";
import { auditPath, auditQuery, type AuditFilters } from "../api/audit-keys.ts";
import { useAuditLog } from "../api/get-audit.ts";
import { AuditEntries } from "./audit-entries.tsx";
import { AuditFiltersForm } from "./audit-filters.tsx";

/** /admin/audit: who changed what, and when (admins and owners). */
export function AuditPage() {
  const { organization } = useCurrentOrganization();
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold">Audit Log</h1>
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
          Every change in {organization?.name ?? "your organization"}: who made it, when, and from where. New entries
          appear as they happen.
        </p>
      </header>
      {organization ? (
        <AuditSection key={organization.id} organization={organization} />
      ) : (
        <Alert tone="info">{MESSAGES.noOrganizationSelected}</Alert>
      )}
    </div>
  );
}

function AuditSection({ organization }: { organization: Membership }) {
  const [filters, setFilters] = useState<AuditFilters>({});
  const log = useAuditLog(organization.id, filters);
  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];
  const csvUrl = auditPath(organization.id, `.csv${auditQuery(filters)}`);

  return (
    <>
      <AuditFiltersForm value={filters} onApply={setFilters} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-gray-600 dark:text-gray-400" aria-live="polite">
          {log.isPending ? "Loading…" : `${entries.length}${log.hasNextPage ? "+" : ""} entries`}
        </p>
        <a
          href={csvUrl}
          download
          className="inline-flex items-center gap-2 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm font-medium text-gray-800 hover:bg-gray-50 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 dark:hover:bg-gray-800"
        >
          <Download aria-hidden className="h-4 w-4" />
          Export CSV
        </a>
      </div>
      {log.isError ? (
        <Alert tone="error" title="The audit log could not be loaded">
          <p>{log.error.message}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void log.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <AuditEntries entries={entries} loading={log.isPending} />
      )}
      {log.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="secondary" busy={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
            Load more
          </Button>
        </div>
      )}
    </>
  );
}
