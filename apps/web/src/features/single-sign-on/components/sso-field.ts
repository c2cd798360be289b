import type { UseFormRegisterReturn } from "react-hook-form";

/** A text field of the connection form: registered with the form, with its message. */
export type SsoFieldProps = (
  name: "issuer" | "clientId" | "clientSecret" | "scopes" | "groupClaim" | "domains",
) => UseFormRegisterReturn & { error?: string };
