import type { SsoPreset } from "@flowdeck/shared/sso/presets";
import { TextField } from "@/components/ui/text-field.tsx";
import type { SsoFieldProps } from "./sso-field.ts";

/**
 * The OpenID Connect half of the connection: where the provider is and how Flowdeck signs in at
 * it. Another protocol's fields sit beside these, chosen by the connection's protocol.
 */
export function OidcFields({
  field,
  preset,
  secretStored,
}: {
  field: SsoFieldProps;
  preset: SsoPreset | undefined;
  secretStored: boolean;
}) {
  return (
    <div className="space-y-4">
      <TextField
        label="Issuer URL"
        required
        type="url"
        autoComplete="off"
        placeholder={preset?.issuerPattern ?? "https://idp.example.com/realms/operations"}
        hint={
          preset
            ? `${preset.label}: ${preset.issuerPattern}. Flowdeck reads its discovery document (.well-known/openid-configuration).`
            : "Flowdeck reads the provider's discovery document (.well-known/openid-configuration)."
        }
        {...field("issuer")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Client ID" required autoComplete="off" {...field("clientId")} />
        <TextField
          label="Client secret"
          type="password"
          required={!secretStored}
          autoComplete="new-password"
          placeholder={secretStored ? "Stored: type to replace it" : undefined}
          hint={
            secretStored
              ? "A secret is stored; it is never shown. Leave this empty to keep it."
              : "Stored sealed; it is never shown again."
          }
          {...field("clientSecret")}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Scopes"
          autoComplete="off"
          hint="Separated by spaces; openid and email are needed."
          {...field("scopes")}
        />
        <TextField
          label="Group claim"
          autoComplete="off"
          hint="The claim that lists the person's groups in the ID token or userinfo."
          {...field("groupClaim")}
        />
      </div>
    </div>
  );
}
