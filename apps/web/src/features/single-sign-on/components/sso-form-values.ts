import { PutSsoConnectionSchema, SSO_DEFAULT_SCOPES, type SsoConnection } from "@flowdeck/shared/sso/schemas";
import { z } from "zod";

/**
 * The connection form's fields: scopes and domains as typed (separated by spaces, commas or new
 * lines), the client secret empty unless the owner replaces it.
 */
export type SsoFormValues = {
  protocol: "oidc";
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
  return {
    protocol: "oidc",
    issuer: connection?.issuer ?? "",
    clientId: connection?.clientId ?? "",
    clientSecret: "",
    scopes: (connection?.scopes ?? SSO_DEFAULT_SCOPES).join(" "),
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

/**
 * The form checked by the server's own schema; the output is the PUT body. An empty secret keeps
 * the stored one, so it is required only while none is stored. The form always holds every
 * field, so the schema's defaults are left to the server.
 */
export function ssoFormSchema(secretStored: boolean) {
  const shape = PutSsoConnectionSchema.shape;
  return PutSsoConnectionSchema.extend({
    clientSecret: z
      .string()
      .transform((secret) => (secret === "" ? undefined : secret))
      .pipe(secretStored ? shape.clientSecret : shape.clientSecret.unwrap()),
    scopes: fromWords(shape.scopes),
    domains: fromWords(shape.domains),
    defaultRole: shape.defaultRole.unwrap(),
    groupClaim: shape.groupClaim.unwrap(),
    groupRoles: shape.groupRoles.unwrap(),
    enforce: shape.enforce.unwrap(),
  }) satisfies z.ZodType<unknown, SsoFormValues>;
}

/** The form's field for a path the server names ("domains.1" is the domains field). */
export function fieldOfServerPath(path: string): string {
  const [first] = path.split(".");
  return first === "scopes" || first === "domains" ? first : path;
}
