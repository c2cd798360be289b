import { MESSAGES } from "@flowdeck/shared";
import { Alert } from "@/components/ui/alert.tsx";
import { useCurrentOrganization } from "@/lib/session/use-current-organization.ts";
import { InvitationList } from "./invitation-list.tsx";
import { SendInvitationForm } from "./send-invitation-form.tsx";

/** /admin/invitations (spec 2 "Invitations"): pending invitations, then the send form below. */
export function InvitationsPage() {
  const { organization } = useCurrentOrganization();
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold">Invitations</h1>
        {organization && (
          <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
            Invite people to {organization.name} and follow the invitations that are still open.
          </p>
        )}
      </header>
      {organization ? (
        <div key={organization.id} className="space-y-8">
          <InvitationList orgId={organization.id} />
          <SendInvitationForm orgId={organization.id} />
        </div>
      ) : (
        <Alert tone="info">{MESSAGES.noOrganizationSelected}</Alert>
      )}
    </div>
  );
}
