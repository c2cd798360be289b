import { MESSAGES } from "@flowdeck/shared";
import { Alert } from "@/components/ui/alert.tsx";
import { useCurrentOrganization } from "@/lib/session/use-current-organization.ts";
import { RegisterRunnerButton } from "./register-runner-dialog.tsx";
import { RunnerList } from "./runner-list.tsx";

/** /admin/runners: the machines that execute this organization's workflows. */
export function RunnersPage() {
  const { organization } = useCurrentOrganization();
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">Runners</h1>
          <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
            Machines of your own — Linux, macOS or Windows — that execute workflows and send their output back.
          </p>
        </div>
        {organization && <RegisterRunnerButton orgId={organization.id} />}
      </header>
      {organization ? (
        <RunnerList key={organization.id} orgId={organization.id} />
      ) : (
        <Alert tone="info">{MESSAGES.noOrganizationSelected}</Alert>
      )}
    </div>
  );
}
