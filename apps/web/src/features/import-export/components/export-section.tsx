import { Download } from "lucide-react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { EXPORT_FILE_NAME, useExportOrganization } from "../api/export-organization.ts";

/** Export: one button that saves flowdeck.yaml, and what went wrong if it could not. */
export function ExportSection({ orgId }: { orgId: string }) {
  const exporting = useExportOrganization(orgId);
  return (
    <div className="space-y-3">
      <p className="text-sm text-gray-600 dark:text-gray-400">
        Every command, workflow and notification rule, sorted by name, without ids or timestamps: the same organization
        exports the same bytes, so the file diffs cleanly in Git. Secrets appear by name only, never their values, and a
        webhook&apos;s signing secret is left out.
      </p>
      <Button onClick={() => exporting.mutate()} busy={exporting.isPending}>
        <Download aria-hidden="true" className="size-4" />
        {exporting.isPending ? "Exporting…" : `Export ${EXPORT_FILE_NAME}`}
      </Button>
      {exporting.isError && <Alert tone="error">{exporting.error.message}</Alert>}
    </div>
  );
}
