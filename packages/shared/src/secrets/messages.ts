/** What people and scripts are told about an organization's secrets. */
export const SECRET_MESSAGES = {
  nameRequired: "A secret name is required",
  nameInvalid: "A secret name is UPPER_SNAKE_CASE: capital letters, digits and _, starting with a letter",
  nameTooLong: "A secret name must be at most 64 characters",
  nameReserved: "Names starting with FLOWDECK_ are Flowdeck's own: choose another name",
  valueRequired: "A secret value is required",
  valueTooShort:
    "A secret value must be at least 4 characters (not counting spaces at its ends): shorter values cannot be masked without masking everything",
  valueTooLong: "A secret value must be at most 64 KB (65,536 bytes in UTF-8)",
  valueHasNul: "A secret value cannot contain a NUL character: an environment variable cannot hold one",
  descriptionTooLong: "A description must be at most 500 characters",
  descriptionSingleLine: "A description must be a single line",
  tooMany: "An organization can keep at most 500 secrets: delete one you no longer use first",
  notFound: "Secret not found",
  cannotOpen:
    "This server cannot decrypt the organization's secrets: its master key (SECRETS_KEY, or the secrets-key file in its data directory) is not the one they were sealed with",
  cannotOpenValue: (name: string) =>
    `The secret ${name} cannot be decrypted: it was changed or moved in the database, or sealed under another master key. Set its value again.`,
  cannotRead: "You need editor role or higher to see this organization's secrets",
  cannotManage: "You need admin role or higher to manage secrets",
} as const;
