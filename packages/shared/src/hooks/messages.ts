/** What people, scripts and calling systems are told about a workflow's webhooks. */
export const HOOK_MESSAGES = {
  cannotManage: "You need editor role or higher to see and manage this workflow's webhooks",
  nameRequired: "A webhook name is required",
  nameTooLong: "A webhook name must be at most 100 characters",
  signatureInvalid: 'Signature is "none", "github" or "flowdeck"',
  pointerInvalid: 'A JSON pointer is empty (the whole body) or starts with "/", like /ref or /head_commit/id',
  parameterNameInvalid: "A parameter name is lower_snake_case: a letter, then letters, digits or _",
  tooManyMappings: "A webhook maps at most 30 parameters",
  notAParameter: (name: string) => `${name} is not a parameter of this workflow`,
  tooMany: "A workflow can have at most 20 active webhooks: revoke one you no longer use first",
  notFound: "Webhook not found",
  alreadyRevoked: "This webhook is revoked",
  /** A call to an unknown, revoked or wrong URL: one answer for all three. */
  callNotFound: "No webhook answers at this address",
  signatureMissing: (header: string) => `The ${header} header is missing: this webhook checks a signature`,
  signatureWrong: (header: string) => `The ${header} header does not match the body: check the signing secret`,
  bodyNotJson: "The body is not JSON, and this webhook maps parameters from it",
  bodyTooLarge: "A webhook's body must be at most 1 MB",
  pointerMissing: (pointer: string, parameter: string) =>
    `The body has nothing at ${pointer}, which this webhook maps to the parameter ${parameter}`,
  pointerNotValue: (pointer: string, parameter: string) =>
    `The body holds an object or an array at ${pointer}, which this webhook maps to the parameter ${parameter}: map a text, number or yes/no value`,
} as const;
