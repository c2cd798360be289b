import { HOOK_SIGNATURE_LABELS, type Hook, type HookSecrets, type HookSignature } from "@flowdeck/shared/hooks/schemas";
import type { Workflow } from "@flowdeck/shared/workflows/schemas";
import { useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { ConfirmDialog } from "@/components/ui/confirm-dialog.tsx";
import { Modal } from "@/components/ui/modal.tsx";
import { SkeletonText } from "@/components/ui/skeleton.tsx";
import { ApiError } from "@/lib/api-client.ts";
import { useCreateHook } from "../api/create-hook.ts";
import { useHooks } from "../api/get-hooks.ts";
import { useRevokeHook } from "../api/revoke-hook.ts";
import { useRotateHook } from "../api/rotate-hook.ts";
import { HookForm } from "./hook-form.tsx";
import { HookSecretsPanel } from "./hook-secrets-panel.tsx";

type WebhooksDialogProps = { orgId: string; workflow: Workflow; open: boolean; onClose: () => void };

type Shown = { secrets: HookSecrets; signature: HookSignature; mapping: Record<string, string> };

/** A workflow's inbound webhooks (decision 068): list, create, rotate and revoke; editors and above. */
export function WebhooksDialog({ orgId, workflow, open, onClose }: WebhooksDialogProps) {
  const hooks = useHooks(orgId, workflow.id);
  const create = useCreateHook(orgId, workflow.id);
  const rotate = useRotateHook(orgId, workflow.id);
  const revoke = useRevokeHook(orgId, workflow.id);
  const [shown, setShown] = useState<Shown | null>(null);
  const [revoking, setRevoking] = useState<Hook | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const createError = create.error instanceof ApiError ? create.error : undefined;

  const rotateHook = (hook: Hook) =>
    rotate.mutate(hook.id, {
      onSuccess: (secrets) => setShown({ secrets, signature: hook.signature, mapping: hook.parameters }),
      onError: (error) => setActionError(error.message),
    });

  return (
    <Modal open={open} onClose={onClose} title={`Webhooks of ${workflow.name}`} size="3xl">
      <div className="space-y-5">
        <p className="text-sm text-gray-600 dark:text-gray-400">
          A webhook starts a run when another system (GitHub, CI, an alert) posts to its secret URL.
        </p>
        {shown && (
          <HookSecretsPanel
            secrets={shown.secrets}
            signature={shown.signature}
            mapping={shown.mapping}
            onDismiss={() => setShown(null)}
          />
        )}
        {actionError && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {actionError}
          </p>
        )}
        <section aria-labelledby="webhook-list-title" className="space-y-2">
          <h3 id="webhook-list-title" className="font-medium text-gray-900 dark:text-gray-100">
            Webhooks
          </h3>
          {hooks.isPending && <SkeletonText lines={2} />}
          {hooks.isError && (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {hooks.error.message}
            </p>
          )}
          {hooks.data?.items.length === 0 && (
            <p className="text-sm text-gray-600 dark:text-gray-400">No webhooks yet: create one below.</p>
          )}
          <ul className="space-y-3">
            {hooks.data?.items.map((hook) => (
              <HookItem
                key={hook.id}
                hook={hook}
                busy={rotate.isPending && rotate.variables === hook.id}
                onRotate={() => rotateHook(hook)}
                onRevoke={() => setRevoking(hook)}
              />
            ))}
          </ul>
        </section>
        <section aria-labelledby="webhook-new-title" className="space-y-2">
          <h3 id="webhook-new-title" className="font-medium text-gray-900 dark:text-gray-100">
            New webhook
          </h3>
          <HookForm
            key={shown?.secrets.id ?? "new"}
            workflow={workflow}
            busy={create.isPending}
            error={createError}
            onSubmit={(input) =>
              create.mutate(input, {
                onSuccess: (secrets) => setShown({ secrets, signature: input.signature, mapping: input.parameters }),
              })
            }
          />
        </section>
      </div>
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke webhook"
        message={`Revoke the webhook "${revoking?.name ?? ""}"? Its URL stops answering at once; this cannot be undone.`}
        confirmLabel="Revoke"
        destructive
        busy={revoke.isPending}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSettled: () => setRevoking(null),
            onError: (error) => setActionError(error.message),
          })
        }
        onCancel={() => setRevoking(null)}
      />
    </Modal>
  );
}

function HookItem({
  hook,
  busy,
  onRotate,
  onRevoke,
}: {
  hook: Hook;
  busy: boolean;
  onRotate: () => void;
  onRevoke: () => void;
}) {
  const mapping = Object.entries(hook.parameters);
  return (
    <li className="rounded border border-gray-200 p-3 text-sm dark:border-gray-700">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium wrap-anywhere text-gray-900 dark:text-gray-100">{hook.name}</p>
          <p className="text-gray-600 dark:text-gray-400">
            {HOOK_SIGNATURE_LABELS[hook.signature]} · created by {hook.createdBy ?? "a former member"}
            {hook.revokedAt && " · revoked"}
          </p>
        </div>
        {!hook.revokedAt && (
          <div className="flex gap-2">
            <Button variant="secondary" busy={busy} onClick={onRotate}>
              Rotate<span className="sr-only"> {hook.name}</span>
            </Button>
            <Button variant="danger" onClick={onRevoke}>
              Revoke<span className="sr-only"> {hook.name}</span>
            </Button>
          </div>
        )}
      </div>
      {mapping.length > 0 && (
        <p className="mt-1 wrap-anywhere text-gray-600 dark:text-gray-400">
          {mapping.map(([name, pointer]) => `${name} ← ${pointer || "(whole body)"}`).join(", ")}
        </p>
      )}
      <p className="mt-1 text-gray-600 dark:text-gray-400">Last calls</p>
      {hook.calls.length === 0 ? (
        <p className="text-gray-600 dark:text-gray-400">Not called yet.</p>
      ) : (
        <ul aria-label={`Last calls of ${hook.name}`} className="mt-1 space-y-0.5">
          {hook.calls.slice(0, 5).map((call, index) => (
            <li key={index} className="font-mono text-xs">
              {new Date(call.at).toLocaleString()} · {call.status}
              {call.runId && ` · run ${call.runId.slice(0, 8)}`}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
