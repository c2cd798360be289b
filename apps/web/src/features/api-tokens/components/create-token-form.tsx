import { roleRank, type Role } from "@flowdeck/shared";
import { API_TOKEN_MESSAGES } from "@flowdeck/shared/api-tokens/messages";
import {
  API_TOKEN_EXPIRY_DAYS,
  API_TOKEN_NAME_MAX,
  API_TOKEN_ROLES,
  CreateApiTokenSchema,
  type CreateApiTokenInput,
  type CreatedApiToken,
} from "@flowdeck/shared/api-tokens/schemas";
import { KeyRound } from "lucide-react";
import { z } from "zod";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { SelectField } from "@/components/ui/select-field.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { useIntent } from "@/lib/idempotency-key.ts";
import { useZodForm } from "@/lib/use-zod-form.ts";
import { useCreateApiToken } from "../api/create-api-token.ts";

/**
 * The form edits the expiry as a select's string; the schema turns it into the API's
 * `expiresInDays` (null: never), so the server's schema validates the same values.
 */
const FormSchema = CreateApiTokenSchema.omit({ expiresInDays: true }).extend({
  expiry: z.enum([...API_TOKEN_EXPIRY_DAYS.map(String), "never"], { error: API_TOKEN_MESSAGES.expiryInvalid }),
});
type FormOutput = z.output<typeof FormSchema>;

function toRequest({ expiry, ...rest }: FormOutput): CreateApiTokenInput {
  return {
    ...rest,
    expiresInDays: expiry === "never" ? null : (Number(expiry) as CreateApiTokenInput["expiresInDays"]),
  };
}

/** Creates a token; the page shows its secret once (onCreated). Roles above the creator's are not offered. */
export function CreateTokenForm({
  orgId,
  myRole,
  onCreated,
}: {
  orgId: string;
  myRole: Role;
  onCreated: (token: CreatedApiToken) => void;
}) {
  const create = useCreateApiToken(orgId);
  // A second click while creating is ignored. The key is not sent: creating is not idempotent, as
  // a replayed answer would have to show the secret again.
  const intent = useIntent();
  const form = useZodForm(FormSchema, { defaultValues: { name: "", role: "viewer", expiry: "90" } });
  const { attach: attachForm } = form;
  const roles = API_TOKEN_ROLES.filter((role) => roleRank(role) <= roleRank(myRole));

  const submit = form.submit((values) => {
    const request = toRequest(values);
    if (!intent.begin(request)) return;
    create.mutate(request, {
      onSettled: (_token, error) => intent.end(!error),
      onSuccess: (token) => {
        form.reset();
        onCreated(token);
      },
    });
  });

  return (
    <section
      aria-labelledby="create-token-title"
      className="rounded-lg border border-gray-200 bg-white p-5 dark:border-gray-800 dark:bg-gray-900"
    >
      <h2 id="create-token-title" className="text-lg font-semibold">
        Create a token
      </h2>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
        A token calls this organization's API with its role, on your behalf. It stops working when it expires, when it
        is revoked, or when you leave the organization.
      </p>
      <form ref={attachForm} onSubmit={submit} noValidate className="mt-4 space-y-4">
        <div className="grid gap-4 sm:grid-cols-[1fr_10rem_10rem]">
          <TextField
            label="Token name"
            autoComplete="off"
            placeholder="Deploy pipeline"
            limit={API_TOKEN_NAME_MAX}
            value={form.watch("name")}
            error={form.errorOf("name")}
            {...form.register("name")}
          />
          <SelectField label="Role" error={form.errorOf("role")} {...form.register("role")}>
            {roles.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </SelectField>
          <SelectField label="Expires" error={form.errorOf("expiry")} {...form.register("expiry")}>
            {API_TOKEN_EXPIRY_DAYS.map((days) => (
              <option key={days} value={String(days)}>
                in {days} days
              </option>
            ))}
            <option value="never">never</option>
          </SelectField>
        </div>
        {create.error && <Alert tone="error">{create.error.message}</Alert>}
        <Button type="submit" busy={create.isPending}>
          <KeyRound aria-hidden className="size-4" />
          {create.isPending ? "Creating..." : "Create token"}
        </Button>
      </form>
    </section>
  );
}
