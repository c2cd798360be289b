import { RUNNER_LIMITS } from "@flowdeck/shared/runners/protocol";
import type { Runner } from "@flowdeck/shared/runners/schemas";
import { UpdateRunnerSchema } from "@flowdeck/shared/runners/schemas";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Modal } from "@/components/ui/modal.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { fieldErrorsOf, type FieldErrors } from "@/lib/form-errors.ts";
import { useUpdateRunner } from "../api/change-runner.ts";

/**
 * Rename a runner and set the labels admins give it (comma separated); the server checks both as
 * the runner does. The labels the runner declared are shown, not changed here.
 */
export function EditRunnerDialog({ orgId, runner, onClose }: { orgId: string; runner: Runner; onClose: () => void }) {
  const [name, setName] = useState(runner.name);
  const [labels, setLabels] = useState(runner.labels.join(", "));
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateRunner(orgId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = UpdateRunnerSchema.safeParse({
      name,
      labels: labels
        .split(",")
        .map((label) => label.trim())
        .filter(Boolean),
    });
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error));
    setErrors({});
    update.mutate({ runnerId: runner.id, changes: parsed.data }, { onSuccess: onClose });
  };

  return (
    <Modal open onClose={onClose} title={`Edit ${runner.name}`}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {update.isError && <Alert tone="error">{update.error.message}</Alert>}
        <TextField
          label="Name"
          limit={RUNNER_LIMITS.name}
          value={name}
          error={errors.name}
          onChange={(event) => setName(event.target.value)}
        />
        <TextField
          label="Labels"
          value={labels}
          error={errors.labels ?? Object.entries(errors).find(([key]) => key.startsWith("labels."))?.[1]}
          hint="Comma separated, e.g. gpu, production. The runner cannot change them. A workflow that asks for labels runs only on runners that have them all, set here or declared."
          onChange={(event) => setLabels(event.target.value)}
        />
        <p className="text-sm wrap-anywhere text-gray-600 dark:text-gray-400">
          {runner.declaredLabels.length > 0
            ? `Declared by the runner when it registered: ${runner.declaredLabels.join(", ")}.`
            : "The runner declared no labels when it registered."}
        </p>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={update.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Modal>
  );
}
