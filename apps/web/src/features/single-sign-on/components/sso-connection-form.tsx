import { findSsoPreset, presetIssuer, SSO_PRESETS } from "@flowdeck/shared/sso/presets";
import { SSO_MESSAGES } from "@flowdeck/shared/sso/messages";
import type { PutSsoConnectionInput, SsoConnection } from "@flowdeck/shared/sso/schemas";
import { useState } from "react";
import type { z } from "zod";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { CopyableValue } from "@/components/ui/copyable-value.tsx";
import { SectionCard } from "@/components/ui/section-card.tsx";
import { SelectField } from "@/components/ui/select-field.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { useZodForm, type ZodForm } from "@/lib/use-zod-form.ts";
import { SwitchField } from "@/components/ui/switch-field.tsx";
import { useSaveSsoConnection } from "../api/sso-connection.ts";
import { GroupRoleRows, RoleOptions } from "./group-role-rows.tsx";
import { OidcFields } from "./oidc-fields.tsx";
import { SamlFields } from "./saml-fields.tsx";
import { SsoDomainStatus } from "./sso-domains.tsx";
import type { SsoFieldProps } from "./sso-field.ts";
import { fieldOfServerPath, formValuesOf, ssoFormSchema, type SsoFormValues } from "./sso-form-values.ts";
import { TestConnection } from "./test-connection.tsx";

export type SsoForm = ZodForm<SsoFormValues, z.output<ReturnType<typeof ssoFormSchema>>>;

/**
 * The organization's connection to its identity provider, saved as a whole, through OpenID Connect
 * or SAML 2.0. The client secret is write-only: the form says one is stored and takes a new one,
 * never shows it.
 */
export function SsoConnectionForm({ orgId, connection }: { orgId: string; connection: SsoConnection | null }) {
  const secretStored = connection?.hasClientSecret ?? false;
  const form = useZodForm(ssoFormSchema(secretStored), { defaultValues: formValuesOf(connection) });
  const { attach } = form;
  const save = useSaveSsoConnection(orgId);
  const [saved, setSaved] = useState(false);
  const [presetId, setPresetId] = useState("");
  const preset = findSsoPreset(presetId);

  const submit = form.submit((input) => {
    setSaved(false);
    save.mutate(input satisfies PutSsoConnectionInput, {
      onSuccess: (next) => {
        form.reset(formValuesOf(next));
        setSaved(true);
      },
      onError: (error) => form.showServerError(error, SSO_MESSAGES.saveFailed, fieldOfServerPath),
    });
  });

  const field: SsoFieldProps = (name) => ({
    ...form.register(name, { onChange: () => (form.clearErrors(name), setSaved(false)) }),
    error: nestedMessage(form, name),
  });

  const choosePreset = (id: string) => {
    setPresetId(id);
    const chosen = findSsoPreset(id);
    if (!chosen) return;
    const options = { shouldDirty: true };
    form.setValue("scopes", chosen.scopes.join(" "), options);
    if (chosen.groupClaim) form.setValue("groupClaim", chosen.groupClaim, options);
    const issuer = presetIssuer(chosen);
    if (issuer) form.setValue("issuer", issuer, options);
  };

  const callbackUrl = connection?.callbackUrl ?? `${window.location.origin}/api/auth/sso/callback`;
  const enforce = form.watch("enforce");
  const protocol = form.watch("protocol");
  const samlSource = form.watch("samlSource");
  const fieldErrors = Object.keys(form.formState.errors).some((key) => key !== "root");

  return (
    <form ref={attach} noValidate onSubmit={submit} className="space-y-6" aria-label="Single sign-on connection">
      <SectionCard title="Identity provider" id="sso-provider-heading">
        <div className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField label="Protocol" {...form.register("protocol", { onChange: () => setSaved(false) })}>
              <option value="oidc">OpenID Connect</option>
              <option value="saml">SAML 2.0</option>
            </SelectField>
            {protocol === "oidc" && (
              <SelectField
                label="Provider"
                value={presetId}
                onChange={(event) => choosePreset(event.target.value)}
                hint={preset?.help ?? "Choosing one fills in the scopes and claim names it uses."}
              >
                <option value="">Other OpenID Connect provider</option>
                {SSO_PRESETS.map((entry) => (
                  <option key={entry.id} value={entry.id}>
                    {entry.label}
                  </option>
                ))}
              </SelectField>
            )}
          </div>
          {protocol === "saml" ? (
            <SamlFields
              orgId={orgId}
              field={field}
              source={{ ...form.register("samlSource"), value: samlSource }}
              saved={connection?.saml}
            />
          ) : (
            <>
              <OidcFields field={field} preset={preset} secretStored={secretStored} />
              <CopyableValue label="Redirect URI" value={callbackUrl}>
                Register this address at the provider as the application's redirect (callback) URI.
              </CopyableValue>
            </>
          )}
        </div>
      </SectionCard>

      <SectionCard title="E-mail domains" id="sso-domains-heading">
        <div className="space-y-4">
          <TextField
            label="Domains"
            required
            autoComplete="off"
            placeholder="example.com"
            hint="Separated by commas. A domain counts once verified: your organization's registered domain when your address is on it, any other by a DNS TXT record."
            {...field("domains")}
          />
          {connection && connection.domainStatus.length > 0 && (
            <SsoDomainStatus orgId={orgId} connection={connection} />
          )}
        </div>
      </SectionCard>

      <SectionCard title="Roles" id="sso-roles-heading">
        <div className="space-y-4">
          <SelectField
            label="Default role"
            className="sm:w-60"
            hint="For people none of whose groups is mapped below."
            {...form.register("defaultRole")}
          >
            <RoleOptions />
          </SelectField>
          <GroupRoleRows form={form} />
        </div>
      </SectionCard>

      <SectionCard title="Enforcement" id="sso-enforce-heading">
        <SwitchField
          label="Enforce single sign-on"
          description="Members on verified domains then sign in only through the provider; the owner keeps a password sign-in, with two-factor, for emergencies."
          checked={enforce}
          onChange={(checked) => {
            form.setValue("enforce", checked, { shouldDirty: true });
            setSaved(false);
          }}
        />
      </SectionCard>

      <div className="space-y-3">
        {saved && (
          <Alert tone="success" onDismiss={() => setSaved(false)}>
            Single sign-on saved.
          </Alert>
        )}
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        {fieldErrors && <Alert tone="error">Please correct the highlighted fields.</Alert>}
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          {connection ? <TestConnection orgId={orgId} /> : <span />}
          <Button type="submit" busy={save.isPending} className="shrink-0">
            {save.isPending ? "Saving..." : "Save"}
          </Button>
        </div>
      </div>
    </form>
  );
}

/** A field's message, or the first of its items' (a domain or scope the schema refused). */
function nestedMessage(form: SsoForm, name: string): string | undefined {
  const own = form.errorOf(name);
  if (own) return own;
  const items = form.formState.errors[name as keyof SsoFormValues];
  if (!Array.isArray(items)) return undefined;
  return items.find((item: { message?: string } | undefined) => item?.message)?.message;
}
