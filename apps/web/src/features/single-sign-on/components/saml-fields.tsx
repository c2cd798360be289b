import type { SamlConnectionDetails } from "@flowdeck/shared/sso/schemas";
import type { UseFormRegisterReturn } from "react-hook-form";
import { CopyableValue } from "@/components/ui/copyable-value.tsx";
import { SelectField } from "@/components/ui/select-field.tsx";
import { TextAreaField } from "@/components/ui/text-area-field.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import type { SsoFieldProps } from "./sso-field.ts";

/** What Flowdeck is at the identity provider: its entity id, ACS URL and metadata URL (decision 078). */
function serviceProviderOf(orgId: string, saved: SamlConnectionDetails | undefined) {
  const entityId = `${window.location.origin}/api/auth/sso/saml/${encodeURIComponent(orgId)}/metadata`;
  return {
    spEntityId: saved?.spEntityId ?? entityId,
    acsUrl: saved?.acsUrl ?? `${window.location.origin}/api/auth/sso/saml/acs`,
    spMetadataUrl: saved?.spMetadataUrl ?? entityId,
  };
}

/**
 * The SAML 2.0 half of the connection: the identity provider's metadata (by URL or pasted), its
 * certificate when the metadata's is not to be taken, which attributes carry the address, name
 * and groups, and what to register at the provider. What the saved metadata gave is shown too.
 */
export function SamlFields({
  orgId,
  field,
  source,
  saved,
}: {
  orgId: string;
  field: SsoFieldProps;
  source: UseFormRegisterReturn & { value: "url" | "xml" };
  saved: SamlConnectionDetails | undefined;
}) {
  const { value, ...sourceField } = source;
  const sp = serviceProviderOf(orgId, saved);
  return (
    <div className="space-y-4">
      <div className="space-y-3 rounded-md border border-gray-200 p-3 dark:border-gray-700">
        <p className="text-sm text-gray-700 dark:text-gray-300">
          Register Flowdeck at the identity provider as a SAML application with these values, or give it the metadata
          URL.
        </p>
        <CopyableValue label="Entity ID (audience)" value={sp.spEntityId} />
        <CopyableValue label="ACS URL (reply URL)" value={sp.acsUrl}>
          The provider posts its signed answer here (HTTP-POST binding).
        </CopyableValue>
        <CopyableValue label="Service provider metadata URL" value={sp.spMetadataUrl} />
      </div>
      <SelectField label="Identity provider metadata" className="sm:w-80" {...sourceField}>
        <option value="url">From its metadata URL</option>
        <option value="xml">Pasted as XML</option>
      </SelectField>
      {value === "url" ? (
        <TextField
          label="Metadata URL"
          required
          type="url"
          autoComplete="off"
          placeholder="https://idp.example.com/saml/metadata"
          hint="Flowdeck reads it when you save, and again on Test connection."
          {...field("saml.metadataUrl")}
        />
      ) : (
        <TextAreaField
          label="Metadata XML"
          required
          monospace
          rows={6}
          placeholder="<EntityDescriptor ...>"
          hint="The identity provider's SAML metadata document (EntityDescriptor)."
          {...field("saml.metadataXml")}
        />
      )}
      <TextAreaField
        label="Signing certificate"
        monospace
        rows={4}
        placeholder="-----BEGIN CERTIFICATE-----"
        hint="Optional, PEM. Left empty, the metadata's signing certificate is used."
        {...field("saml.certificate")}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label="E-mail attribute"
          autoComplete="off"
          placeholder="email"
          hint="Empty: the NameID when it is an address, else the attribute email."
          {...field("saml.emailAttribute")}
        />
        <TextField
          label="Name attribute"
          autoComplete="off"
          placeholder="displayName"
          hint="Optional."
          {...field("saml.nameAttribute")}
        />
        <TextField
          label="Groups attribute"
          autoComplete="off"
          hint="The attribute that lists the person's groups."
          {...field("groupClaim")}
        />
      </div>
      {saved && (
        <dl className="grid gap-2 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-4">
          <dt className="font-medium text-gray-700 dark:text-gray-300">Provider entity ID</dt>
          <dd className="break-all text-gray-900 dark:text-gray-100">{saved.idpEntityId}</dd>
          <dt className="font-medium text-gray-700 dark:text-gray-300">Sign-on URL</dt>
          <dd className="break-all text-gray-900 dark:text-gray-100">{saved.ssoUrl}</dd>
          <dt className="font-medium text-gray-700 dark:text-gray-300">Certificate (SHA-256)</dt>
          <dd className="font-mono text-xs break-all text-gray-900 dark:text-gray-100">
            {saved.certificateFingerprints.join(", ")}
          </dd>
        </dl>
      )}
    </div>
  );
}
