import { can, MESSAGES, type Membership } from "@flowdeck/shared";
import { SETTINGS_MESSAGES } from "@flowdeck/shared/settings/messages";
import type { OrganizationSettings } from "@flowdeck/shared/settings/schemas";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { OrganizationId } from "@/components/ui/organization-id.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { useCurrentOrganization } from "@/lib/session/use-current-organization.ts";
import { formatDateTime } from "@/lib/format-date.ts";
import { useOrganizationSettings } from "../api/get-settings.ts";
import { AuditRetentionForm } from "./audit-retention-form.tsx";
import { LogoUpload } from "./logo-upload.tsx";
import { RetentionSection } from "./retention-form.tsx";
import { TwoFactorRequirementForm } from "./two-factor-requirement-form.tsx";
import { SettingsForm } from "./settings-form.tsx";

/** /admin/settings (spec 2 "Organization settings"), for admins and owners. */
export function SettingsPage() {
  const { organization } = useCurrentOrganization();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header>
        <h1 className="text-2xl font-semibold">Organization Settings</h1>
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
          {organization ? `The details, logo and preferences of ${organization.name}.` : "Your organization's details."}
        </p>
      </header>
      {organization ? (
        <SettingsSection key={organization.id} organization={organization} />
      ) : (
        <Alert tone="info">{MESSAGES.noOrganizationSelected}</Alert>
      )}
    </div>
  );
}

function SettingsSection({ organization }: { organization: Membership }) {
  const settings = useOrganizationSettings(organization.id);
  if (settings.isPending) return <SettingsSkeleton />;
  if (settings.isError) {
    return (
      <Alert tone="error" title={SETTINGS_MESSAGES.loadFailed}>
        <p>{settings.error.message}</p>
        <Button variant="secondary" className="mt-3" onClick={() => void settings.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  return (
    <>
      <LastUpdated settings={settings.data} />
      <OrganizationId id={organization.id} />
      <LogoUpload orgId={organization.id} settings={settings.data} />
      <SettingsForm orgId={organization.id} settings={settings.data} />
      {can(organization.role, "twoFactor.require") && <TwoFactorRequirementForm orgId={organization.id} />}
      {can(organization.role, "audit.configure") && <AuditRetentionForm orgId={organization.id} />}
      <RetentionSection orgId={organization.id} canChange={can(organization.role, "retention.update")} />
    </>
  );
}

function LastUpdated({ settings }: { settings: OrganizationSettings }) {
  return (
    <p className="-mt-4 text-xs text-gray-500 dark:text-gray-400">
      Last updated {formatDateTime(settings.updatedAt)}
      {settings.updatedBy ? ` by ${settings.updatedBy.name}` : ""}
    </p>
  );
}

function SettingsSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true" aria-label="Loading organization settings">
      <Skeleton className="h-44 w-full" />
      <Skeleton className="h-96 w-full" />
      <Skeleton className="h-48 w-full" />
    </div>
  );
}
