import { MESSAGES, type Membership } from "@flowdeck/shared";
import { SSO_MESSAGES } from "@flowdeck/shared/sso/messages";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { useCurrentOrganization } from "@/lib/session/use-current-organization.ts";
import { useSsoConnection } from "../api/sso-connection.ts";
import { SsoConnectionForm } from "./sso-connection-form.tsx";

/**
 * /admin/single-sign-on: the organization's connection to its identity provider (decisions 075
 * and 076). Owners only; the server refuses everyone else.
 */
export function SingleSignOnPage() {
  const { organization } = useCurrentOrganization();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header>
        <h1 className="text-2xl font-semibold">Single sign-on</h1>
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
          Let people on your e-mail domains sign in through your organization's OpenID Connect provider, with their
          groups mapped to roles.
        </p>
      </header>
      {organization ? (
        <ConnectionSection key={organization.id} organization={organization} />
      ) : (
        <Alert tone="info">{MESSAGES.noOrganizationSelected}</Alert>
      )}
    </div>
  );
}

function ConnectionSection({ organization }: { organization: Membership }) {
  const connection = useSsoConnection(organization.id);
  if (connection.isPending) {
    return (
      <div className="space-y-6" aria-busy="true" aria-label="Loading single sign-on">
        <Skeleton className="h-96 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (connection.isError) {
    return (
      <Alert tone="error" title={SSO_MESSAGES.loadFailed}>
        <p>{connection.error.message}</p>
        <Button variant="secondary" className="mt-3" onClick={() => void connection.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  return (
    <>
      {connection.data === null && (
        <Alert tone="info" title="Single sign-on is not set up yet">
          Register Flowdeck at your identity provider with the redirect URI below, fill in what it gives you and the
          e-mail domains it is for, then save. Until then everyone signs in with a password.
        </Alert>
      )}
      {/* The form checks with the latest answer: after the first save an empty secret keeps the stored one. */}
      <SsoConnectionForm orgId={organization.id} connection={connection.data} />
    </>
  );
}
