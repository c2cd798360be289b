import type { SsoConnection } from "@flowdeck/shared/sso/schemas";
import { Alert } from "@/components/ui/alert.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { CopyableValue } from "@/components/ui/copyable-value.tsx";
import { useVerifySsoDomain } from "../api/sso-connection.ts";

/**
 * The saved domains and whether each counts yet: a domain waiting for verification shows the DNS
 * TXT record to publish and "Check again".
 */
export function SsoDomainStatus({ orgId, connection }: { orgId: string; connection: SsoConnection }) {
  const verify = useVerifySsoDomain(orgId);
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
        {connection.domainStatus.map((entry) => (
          <li key={entry.domain} className="space-y-2 p-3">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium break-all">{entry.domain}</span>
              {entry.verified ? <Badge color="green">Verified</Badge> : <Badge color="yellow">Waiting for DNS</Badge>}
            </div>
            {!entry.verified && (
              <>
                <CopyableValue label={`TXT record for ${entry.domain}`} value={entry.record}>
                  Publish it as a TXT record on {entry.domain}; people on the domain can sign in once it is found.
                </CopyableValue>
                <Button
                  variant="secondary"
                  busy={verify.isPending && verify.variables === entry.domain}
                  onClick={() => verify.mutate(entry.domain)}
                  aria-label={`Check again for ${entry.domain}`}
                >
                  Check again
                </Button>
              </>
            )}
          </li>
        ))}
      </ul>
      {verify.isError && (
        <Alert tone="error" onDismiss={() => verify.reset()}>
          {verify.error.message}
        </Alert>
      )}
    </div>
  );
}
