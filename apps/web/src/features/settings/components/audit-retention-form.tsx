import { AUDIT_RETENTION } from "@flowdeck/shared/audit/actions";
import { AuditRetentionSchema } from "@flowdeck/shared/audit/schemas";
import { useId, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { fieldErrorsFromApi, fieldErrorsOf, type FieldErrors } from "@/lib/form-errors.ts";
import { useAuditRetention, useUpdateAuditRetention } from "../api/audit-retention.ts";
import { TextField } from "@/components/ui/text-field.tsx";

/** The owner's "Keep audit log for N days"; older rows are deleted in the background. */
export function AuditRetentionForm({ orgId }: { orgId: string }) {
  const retention = useAuditRetention(orgId);
  if (!retention.data) return null;
  // Not keyed by the value: a save must not start the form afresh and lose its confirmation.
  return <RetentionForm orgId={orgId} days={retention.data.days} />;
}

function RetentionForm({ orgId, days }: { orgId: string; days: number }) {
  const update = useUpdateAuditRetention(orgId);
  const [value, setValue] = useState(String(days));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  const headingId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const parsed = AuditRetentionSchema.safeParse({ days: value });
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error));
    setErrors({});
    update.mutate(parsed.data.days, {
      onSuccess: () => setSaved(true),
      onError: (error) => setErrors(fieldErrorsFromApi(error, "The setting could not be saved. Please try again.")),
    });
  };

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-gray-200 bg-white p-6 dark:border-gray-800 dark:bg-gray-900"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        Audit log
      </h2>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
        Entries older than this are deleted automatically: {AUDIT_RETENTION.min} to {AUDIT_RETENTION.max} days,{" "}
        {AUDIT_RETENTION.default} unless changed. Only owners can change it.
      </p>
      <form noValidate onSubmit={submit} className="mt-4 flex flex-wrap items-start gap-3">
        <TextField
          label="Keep audit log for (days)"
          type="number"
          inputMode="numeric"
          min={AUDIT_RETENTION.min}
          max={AUDIT_RETENTION.max}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={errors.days}
          className="w-56"
        />
        {/* Level with the input, below its label, whether or not an error shows under it. */}
        <Button type="submit" busy={update.isPending} className="mt-6">
          Save
        </Button>
      </form>
      {errors._ && (
        <Alert tone="error" className="mt-3">
          {errors._}
        </Alert>
      )}
      {saved && (
        <p role="status" className="mt-3 text-sm text-green-700 dark:text-green-400">
          Saved: the audit log keeps {days} days.
        </p>
      )}
    </section>
  );
}
