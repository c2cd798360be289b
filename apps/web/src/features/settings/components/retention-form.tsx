import { RetentionSchema, type Retention } from "@flowdeck/shared/retention/schemas";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { fieldErrorsFromApi, fieldErrorsOf, type FieldErrors } from "@/lib/form-errors.ts";
import { useRetention, useSetRetention } from "../api/retention.ts";
import { TextField } from "@/components/ui/text-field.tsx";

/** How long runs are kept (decision 029): owners change it, admins read it. */
export function RetentionSection({ orgId, canChange }: { orgId: string; canChange: boolean }) {
  const retention = useRetention(orgId);
  return (
    <section
      aria-labelledby="retention-title"
      className="space-y-3 rounded-lg border border-gray-200 p-4 dark:border-gray-800"
    >
      <h2 id="retention-title" className="text-base font-semibold">
        Run retention
      </h2>
      <p className="text-sm text-gray-600 dark:text-gray-400">
        Older runs and their logs are deleted in the background; a pinned run is always kept.
      </p>
      {retention.isError && <Alert tone="error">{retention.error.message}</Alert>}
      {retention.data && (
        <RetentionForm
          key={JSON.stringify(retention.data)}
          orgId={orgId}
          current={retention.data}
          canChange={canChange}
        />
      )}
    </section>
  );
}

function RetentionForm({ orgId, current, canChange }: { orgId: string; current: Retention; canChange: boolean }) {
  const save = useSetRetention(orgId);
  const [values, setValues] = useState({
    keepRunsDays: String(current.keepRunsDays),
    maxRunsPerWorkflow: String(current.maxRunsPerWorkflow),
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = RetentionSchema.safeParse({
      keepRunsDays: values.keepRunsDays.trim() === "" ? Number.NaN : Number(values.keepRunsDays),
      maxRunsPerWorkflow: values.maxRunsPerWorkflow.trim() === "" ? Number.NaN : Number(values.maxRunsPerWorkflow),
    });
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error));
    setErrors({});
    save.mutate(parsed.data, {
      onError: (error) => setErrors(fieldErrorsFromApi(error, "The retention could not be saved")),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
      <TextField
        label="Keep runs for (days)"
        type="number"
        value={values.keepRunsDays}
        error={errors.keepRunsDays}
        disabled={!canChange}
        onChange={(event) => setValues({ ...values, keepRunsDays: event.target.value })}
      />
      <TextField
        label="At most runs per workflow"
        type="number"
        value={values.maxRunsPerWorkflow}
        error={errors.maxRunsPerWorkflow}
        disabled={!canChange}
        onChange={(event) => setValues({ ...values, maxRunsPerWorkflow: event.target.value })}
      />
      {canChange ? (
        <div className="sm:col-span-2">
          <Button type="submit" busy={save.isPending}>
            Save retention
          </Button>
          {save.isSuccess && <span className="ml-3 text-sm text-green-700 dark:text-green-400">Saved.</span>}
        </div>
      ) : (
        <p className="text-sm text-gray-500 sm:col-span-2">Only owners change how long runs are kept.</p>
      )}
      {errors._ && (
        <Alert tone="error" className="sm:col-span-2">
          {errors._}
        </Alert>
      )}
    </form>
  );
}
