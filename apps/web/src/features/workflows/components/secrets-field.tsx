import { Link } from "react-router";
import { useSecrets } from "@/lib/secrets/get-secrets.ts";
import type { WorkflowForm } from "../lib/workflow-form-values.ts";

type Props = {
  orgId: string;
  form: WorkflowForm;
  canManage: boolean;
};

/**
 * Which of the organization's secrets the steps are given, by name, in their environment (decision
 * 064). A name the workflow lists that the organization no longer has stays checked and says so,
 * so the editor sees why Run now refuses and can take it off.
 */
export function SecretsField({ orgId, form, canManage }: Props) {
  const secrets = useSecrets(orgId);
  const chosen = form.watch("secrets");
  const toggle = (name: string, checked: boolean) =>
    form.setValue("secrets", checked ? [...chosen, name].sort() : chosen.filter((item) => item !== name), {
      shouldDirty: true,
    });
  const known = new Set(secrets.data?.items.map((secret) => secret.name) ?? []);
  const missing = secrets.data ? chosen.filter((name) => !known.has(name)) : [];
  const error = form.errorOf("secrets");

  return (
    <fieldset className="space-y-2 rounded-lg border border-gray-200 p-4 dark:border-gray-800">
      <legend className="px-1 text-sm font-medium">Secrets</legend>
      <p className="text-xs text-gray-600 dark:text-gray-400">
        Each step gets the chosen secrets as environment variables under their names (for example{" "}
        <code>$DB_PASSWORD</code>, <code>$env:DB_PASSWORD</code>, <code>%DB_PASSWORD%</code>). Their values are masked
        as <code>***</code> in the output.
      </p>
      {secrets.isPending && <p className="text-sm text-gray-600 dark:text-gray-400">Loading secrets…</p>}
      {secrets.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          The organization&apos;s secrets could not be loaded.{" "}
          <button type="button" className="underline" onClick={() => void secrets.refetch()}>
            Try again
          </button>
        </p>
      )}
      {secrets.data && secrets.data.items.length === 0 && missing.length === 0 && (
        <p className="text-sm text-gray-600 dark:text-gray-400">
          This organization keeps no secrets yet.{" "}
          {canManage ? (
            <Link to="/admin/secrets" className="text-indigo-700 underline dark:text-indigo-300">
              Add one in Administration → Secrets
            </Link>
          ) : (
            "An admin adds them in Administration → Secrets."
          )}
        </p>
      )}
      {secrets.data && (secrets.data.items.length > 0 || missing.length > 0) && (
        <ul className="grid gap-1 sm:grid-cols-2">
          {secrets.data.items.map((secret) => (
            <li key={secret.name}>
              <label className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  className="mt-0.5"
                  checked={chosen.includes(secret.name)}
                  onChange={(event) => toggle(secret.name, event.target.checked)}
                />
                <span className="min-w-0">
                  <span className="font-mono break-all">{secret.name}</span>
                  {secret.description && (
                    <span className="block text-xs wrap-anywhere text-gray-600 dark:text-gray-400">
                      {secret.description}
                    </span>
                  )}
                </span>
              </label>
            </li>
          ))}
          {missing.map((name) => (
            <li key={name}>
              <label className="flex items-start gap-2 text-sm">
                <input type="checkbox" className="mt-0.5" checked onChange={() => toggle(name, false)} />
                <span className="min-w-0">
                  <span className="font-mono break-all">{name}</span>
                  <span className="block text-xs text-amber-700 dark:text-amber-300">
                    No longer exists: runs are refused until it is created again or taken off
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </fieldset>
  );
}
