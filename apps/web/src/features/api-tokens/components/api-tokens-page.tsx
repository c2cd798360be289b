import { MESSAGES } from "@flowdeck/shared";
import type { CreatedApiToken } from "@flowdeck/shared/api-tokens/schemas";
import { useState } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { OrganizationId } from "@/components/ui/organization-id.tsx";
import { useCurrentOrganization } from "@/lib/session/use-current-organization.ts";
import { CreateTokenForm } from "./create-token-form.tsx";
import { CreatedToken } from "./created-token.tsx";
import { TokenList } from "./token-list.tsx";

/** /admin/api-tokens: tokens for scripts and CI to call the API (admin and owner). */
export function ApiTokensPage() {
  const { organization, role } = useCurrentOrganization();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold">API tokens</h1>
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
          Tokens let scripts call the API of this organization. The API reference is at{" "}
          <a href="/api/docs" className="text-indigo-700 underline dark:text-indigo-300">
            /api/docs
          </a>
          .
        </p>
      </header>
      {organization && role ? (
        <div key={organization.id} className="space-y-8">
          <OrganizationId id={organization.id} />
          {created && <CreatedToken token={created} onDismiss={() => setCreated(null)} />}
          <CreateTokenForm orgId={organization.id} myRole={role} onCreated={setCreated} />
          <TokenList orgId={organization.id} />
        </div>
      ) : (
        <Alert tone="info">{MESSAGES.noOrganizationSelected}</Alert>
      )}
    </div>
  );
}
