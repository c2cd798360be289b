import { SSO_DEFAULT_SCOPES } from "./schemas.ts";

/**
 * What the settings page fills in when the owner picks their identity provider: the claim and
 * scope names each one uses, and the shape of its issuer URL as a hint (the owner's own tenant,
 * realm or host goes in it). A provider that sends no groups leaves everyone on the default role.
 */
export type SsoPreset = {
  id: string;
  label: string;
  /** The issuer's shape, shown as the field's placeholder; the <parts> are the owner's own. */
  issuerPattern: string;
  scopes: string[];
  /** The claim that lists the person's groups, or null when the provider sends none. */
  groupClaim: string | null;
  /** One sentence on what to set up at the provider for the groups to arrive. */
  help: string;
};

export const SSO_PRESETS = [
  {
    id: "keycloak",
    label: "Keycloak",
    issuerPattern: "https://<host>/realms/<realm>",
    scopes: SSO_DEFAULT_SCOPES,
    groupClaim: "groups",
    help: 'Add a "Group Membership" mapper to the client with the token claim name groups (full group path off).',
  },
  {
    id: "entra-id",
    label: "Microsoft Entra ID",
    issuerPattern: "https://login.microsoftonline.com/<tenant-id>/v2.0",
    scopes: SSO_DEFAULT_SCOPES,
    groupClaim: "groups",
    help: "Add the groups claim under Token configuration; Entra ID sends the groups' object ids, so map those.",
  },
  {
    id: "okta",
    label: "Okta",
    issuerPattern: "https://<org>.okta.com",
    scopes: [...SSO_DEFAULT_SCOPES, "groups"],
    groupClaim: "groups",
    help: "Add a groups claim (with a filter such as Matches regex .*) to the app's ID token.",
  },
  {
    id: "google-workspace",
    label: "Google Workspace",
    issuerPattern: "https://accounts.google.com",
    scopes: SSO_DEFAULT_SCOPES,
    groupClaim: null,
    help: "Google sends no groups: everyone who signs in gets the default role.",
  },
  {
    id: "authentik",
    label: "Authentik",
    issuerPattern: "https://<host>/application/o/<slug>/",
    scopes: SSO_DEFAULT_SCOPES,
    groupClaim: "groups",
    help: "Authentik sends the groups claim with the profile scope.",
  },
] as const satisfies readonly SsoPreset[];

export type SsoPresetId = (typeof SSO_PRESETS)[number]["id"];

export function findSsoPreset(id: string): SsoPreset | undefined {
  return SSO_PRESETS.find((preset) => preset.id === id);
}

/** Google's issuer is the same for every Workspace: the only preset whose issuer is complete. */
export function presetIssuer(preset: SsoPreset): string | undefined {
  return preset.issuerPattern.includes("<") ? undefined : preset.issuerPattern;
}
