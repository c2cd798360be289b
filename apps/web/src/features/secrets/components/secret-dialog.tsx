import {
  SECRET_DESCRIPTION_MAX,
  SECRET_NAME_MAX,
  SecretDescriptionSchema,
  SecretNameSchema,
  SecretValueSchema,
  type Secret,
} from "@flowdeck/shared/secrets/schemas";
import { z } from "zod";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Modal } from "@/components/ui/modal.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { useZodForm } from "@/lib/use-zod-form.ts";
import { usePutSecret } from "../api/put-secret.ts";
import { SecretValueField } from "./secret-value-field.tsx";

const FormSchema = z.object({
  name: SecretNameSchema,
  value: SecretValueSchema,
  description: SecretDescriptionSchema,
});

/**
 * "New secret" (no `secret`) or "Replace value" of `secret`: the same PUT. The value field starts
 * empty either way; replacing keeps the name and offers the description to change.
 */
export function SecretDialog({
  orgId,
  secret,
  onClose,
  onSaved,
}: {
  orgId: string;
  secret?: Secret;
  onClose: () => void;
  onSaved: (name: string, created: boolean) => void;
}) {
  const put = usePutSecret(orgId);
  const form = useZodForm(FormSchema, {
    defaultValues: { name: secret?.name ?? "", value: "", description: secret?.description ?? "" },
  });
  const { attach } = form;
  const submit = form.submit(({ name, value, description }) =>
    put.mutate(
      { name, body: { value, description } },
      {
        onSuccess: () => onSaved(name, !secret),
        onError: (error) => form.showServerError(error, "The secret could not be saved"),
      },
    ),
  );
  const title = secret ? `Replace the value of ${secret.name}` : "New secret";
  return (
    <Modal
      open
      onClose={() => !put.isPending && onClose()}
      title={title}
      description="A value is encrypted when saved and never shown again, to anyone: only replaced."
    >
      <form ref={attach} onSubmit={submit} noValidate className="space-y-4">
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        {!secret && (
          <TextField
            label="Name"
            required
            autoComplete="off"
            spellCheck={false}
            placeholder="DB_PASSWORD"
            limit={SECRET_NAME_MAX}
            value={form.watch("name")}
            error={form.errorOf("name")}
            hint="UPPER_SNAKE_CASE: the environment variable a step reads it from."
            {...form.register("name", { setValueAs: (text: string) => text.trim() })}
          />
        )}
        <SecretValueField
          error={form.errorOf("value")}
          hint="At least 4 characters, at most 64 KB."
          field={form.register("value")}
        />
        <TextField
          label="Description"
          autoComplete="off"
          placeholder="What it is for"
          limit={SECRET_DESCRIPTION_MAX}
          value={form.watch("description")}
          error={form.errorOf("description")}
          {...form.register("description")}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onClose} disabled={put.isPending}>
            Cancel
          </Button>
          <Button type="submit" busy={put.isPending}>
            {put.isPending ? "Saving..." : secret ? "Replace value" : "Create secret"}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
