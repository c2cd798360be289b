import { ORGANIZATION_NAME_MAX_LENGTH } from "@flowdeck/shared/organizations/fields";
import { REGISTRATION_MESSAGES } from "@flowdeck/shared/auth/registration";
import { Alert } from "@/components/ui/alert.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import type { RegisterForm } from "./register-form-values.ts";
import { RegisterModePicker } from "./register-mode-picker.tsx";

/**
 * Join or create: the mode, then the invitation code, or the new organization's name and domain.
 * Where new organizations are not created here (REGISTRATION=invite-only), only the code.
 */
export function RegisterOrganizationFields({
  form,
  createOrganization,
}: {
  form: RegisterForm;
  createOrganization: boolean;
}) {
  const mode = form.watch("mode");
  return (
    <>
      {createOrganization ? (
        <RegisterModePicker mode={mode} field={form.register("mode", { onChange: () => form.clearErrors() })} />
      ) : (
        <Alert tone="info" title={REGISTRATION_MESSAGES.inviteOnlyTitle}>
          {REGISTRATION_MESSAGES.inviteOnly}
        </Alert>
      )}
      {mode === "join" ? (
        <TextField
          label="Invitation code"
          error={form.errorOf("invitationCode")}
          autoComplete="off"
          {...form.register("invitationCode")}
        />
      ) : (
        <>
          <TextField
            label="Organization name"
            error={form.errorOf("organizationName")}
            autoComplete="organization"
            limit={ORGANIZATION_NAME_MAX_LENGTH}
            value={form.watch("organizationName")}
            {...form.register("organizationName")}
          />
          <TextField
            label="Organization domain"
            error={form.errorOf("domain")}
            placeholder="example.com"
            autoComplete="off"
            {...form.register("domain")}
          />
        </>
      )}
    </>
  );
}
