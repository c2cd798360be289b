import { MESSAGES } from "@flowdeck/shared";
import { Alert } from "@/components/ui/alert.tsx";
import { SectionCard } from "@/components/ui/section-card.tsx";
import { useCurrentOrganization } from "@/lib/session/use-current-organization.ts";
import { ExportSection } from "./export-section.tsx";
import { ImportForm } from "./import-form.tsx";

/**
 * /admin/import-export: the organization's commands, workflows and notification rules as one YAML
 * document (decision 069), to keep in Git and to import back here or into another organization.
 * Admins and owners.
 */
export function ImportExportPage() {
  const { organization } = useCurrentOrganization();
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold">Import and export</h1>
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
          Commands, workflows and notification rules as one YAML file, keyed by their names.
        </p>
      </header>
      {!organization ? (
        <Alert tone="info">{MESSAGES.noOrganizationSelected}</Alert>
      ) : (
        <div key={organization.id} className="space-y-6">
          <SectionCard id="export-heading" title="Export">
            <ExportSection orgId={organization.id} />
          </SectionCard>
          <SectionCard id="import-heading" title="Import">
            <p className="mb-4 text-sm text-gray-600 dark:text-gray-400">
              Preview shows what the file creates and changes before anything is written; Apply does it all in one step.
              Things are matched by name. Nothing absent from the file is deleted, so a file with one team&apos;s
              workflows is safe to import. Secret values are never in the file: a secret it names must already exist in
              Settings → Secrets.
            </p>
            <ImportForm orgId={organization.id} />
          </SectionCard>
        </div>
      )}
    </div>
  );
}
