import {
  OidcConnectionInputSchema,
  SamlConnectionInputSchema,
  SSO_DEFAULT_SCOPES,
  type SsoConnection,
} from "@flowdeck/shared/sso/schemas";
import { z } from "zod";

/** A SAML connection's own fields (decision 078), as typed; empty ones are left out of the body. */
export type SamlFormValues = {
  metadataUrl: string;
  metadataXml: string;
  certificate: string;
  emailAttribute: string;
  nameAttribute: string;
};

/**
 * The connection form's fields: scopes and domains as typed (separated by spaces, commas or new
 * lines), the client secret empty unless the owner replaces it. Both protocols' fields are kept,
 * so switching back and forth loses nothing typed; only the chosen one's are sent.
 */
export type SsoFormValues = {
  protocol: "oidc" | "saml";
  /** Where a SAML connection's metadata comes from. */
  samlSource: "url" | "xml";
  saml: SamlFormValues;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  domains: string;
  defaultRole: "viewer" | "editor" | "admin";
  groupClaim: string;
  groupRoles: Array<{ group: string; role: "viewer" | "editor" | "admin" }>;
  enforce: boolean;
};

export function formValuesOf(connection: SsoConnection | null): SsoFormValues {
  const saml = connection?.saml;
  const oidc = connection?.protocol === "oidc" ? connection : null;
  return {
    protocol: connection?.protocol ?? "oidc",
    samlSource: saml?.metadataXml ? "xml" : "url",
    saml: {
      metadataUrl: saml?.metadataUrl ?? "",
      metadataXml: saml?.metadataXml ?? "",
      certificate: saml?.certificate ?? "",
      emailAttribute: saml?.emailAttribute ?? "",
      nameAttribute: saml?.nameAttribute ?? "",
    },
    issuer: oidc?.issuer ?? "",
    clientId: oidc?.clientId ?? "",
    clientSecret: "",
    scopes: (oidc?.scopes ?? SSO_DEFAULT_SCOPES).join(" "),
    domains: connection?.domains.join(", ") ?? "",
    defaultRole: connection?.defaultRole ?? "viewer",
    groupClaim: connection?.groupClaim ?? "groups",
    groupRoles: connection?.groupRoles.map((entry) => ({ ...entry })) ?? [],
    enforce: connection?.enforce ?? false,
  };
}

const words = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** A list field typed as text: split into words, then checked by the server's own rule. */
const fromWords = <Schema extends z.ZodType>(schema: Schema) =>
  z
    .string()
    .transform(words)
    .pipe(schema as unknown as z.ZodType<z.output<Schema>, string[]>);

/** A text typed or left empty: empty is "not given". */
const optionalText = z.string().transform((text) => (text.trim() === "" ? undefined : text));

/**
 * The form checked by the server's own schema, for the protocol chosen; the output is the PUT
 * body. OIDC: an empty secret keeps the stored one, so it is required only while none is stored.
 * SAML: the metadata comes from the URL or the XML, as chosen. The form always holds every field,
 * so the schema's defaults are left to the server.
 */
export function ssoFormSchema(secretStored: boolean) {
  const shape = OidcConnectionInputSchema.shape;
  const common = {
    domains: fromWords(shape.domains),
    defaultRole: shape.defaultRole.unwrap(),
    groupClaim: shape.groupClaim.unwrap(),
    groupRoles: shape.groupRoles.unwrap(),
    enforce: shape.enforce.unwrap(),
  };
  const oidc = OidcConnectionInputSchema.extend({
    clientSecret: z
      .string()
      .transform((secret) => (secret === "" ? undefined : secret))
      .pipe(secretStored ? shape.clientSecret : shape.clientSecret.unwrap()),
    scopes: fromWords(shape.scopes),
    ...common,
  });
  const saml = z
    .object({
      protocol: z.literal("saml"),
      samlSource: z.enum(["url", "xml"]),
      saml: z.object({
        metadataUrl: z.string(),
        metadataXml: z.string(),
        certificate: optionalText,
        emailAttribute: optionalText,
        nameAttribute: optionalText,
      }),
      ...common,
    })
    .transform(({ samlSource, saml: fields, ...rest }): z.input<typeof SamlConnectionInputSchema> => ({
      ...rest,
      saml: {
        ...fields,
        // The source not chosen is left out; the chosen one is checked even when empty.
        metadataUrl: samlSource === "url" ? fields.metadataUrl : undefined,
        metadataXml: samlSource === "xml" ? fields.metadataXml : undefined,
      },
    }))
    .pipe(SamlConnectionInputSchema);
  const schema = z.discriminatedUnion("protocol", [oidc, saml]);
  // The form holds both protocols' fields at once (SsoFormValues); each member reads its own.
  return schema as unknown as z.ZodType<z.output<typeof schema>, SsoFormValues>;
}

/** The form's field for a path the server names ("domains.1" is the domains field). */
export function fieldOfServerPath(path: string): string {
  const [first] = path.split(".");
  return first === "scopes" || first === "domains" ? first : path;
}
