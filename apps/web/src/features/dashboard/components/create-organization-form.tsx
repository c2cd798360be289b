import { CreateOrganizationSchema } from "@flowdeck/shared";
import { ORGANIZATION_NAME_MAX_LENGTH } from "@flowdeck/shared/organizations/fields";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { fieldErrorsOf, type FieldErrors } from "@/lib/form-errors.ts";
import { useCreateOrganization } from "../api/create-organization.ts";

/** Shown on the dashboard when the user has no current organization. */
export function CreateOrganizationForm() {
  const [name, setName] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const createOrganization = useCreateOrganization();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CreateOrganizationSchema.safeParse({ name });
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error));
    setErrors({});
    createOrganization.mutate(parsed.data.name);
  };

  return (
    <section className="max-w-lg rounded-xl border border-gray-200 bg-white p-6 dark:border-gray-800 dark:bg-gray-900">
      <h2 className="text-xl font-semibold">No Organization Selected</h2>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
        Create an organization to start working with your team. It starts with 100 credits.
      </p>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        {createOrganization.error && <Alert tone="error">{createOrganization.error.message}</Alert>}
        <TextField
          label="Organization name"
          limit={ORGANIZATION_NAME_MAX_LENGTH}
          value={name}
          error={errors.name}
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" busy={createOrganization.isPending}>
          Create organization
        </Button>
      </form>
    </section>
  );
}
