import { CopyableValue } from "./copyable-value.tsx";

/**
 * The organization's id, which every API call names (/api/orgs/{id}/…): on Settings and on API
 * tokens, so a script's author finds it where they look.
 */
export function OrganizationId({ id }: { id: string }) {
  return (
    <div className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6 dark:border-gray-800 dark:bg-gray-900">
      <CopyableValue label="Organization ID" value={id}>
        API calls name the organization by it: <code className="font-mono">/api/orgs/{id}/…</code>. A script can also
        ask <code className="font-mono">GET /api/orgs/current</code> with its token.
      </CopyableValue>
    </div>
  );
}
