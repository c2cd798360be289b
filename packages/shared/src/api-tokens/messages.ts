export const API_TOKEN_MESSAGES = {
  nameRequired: "A token name is required",
  nameTooLong: "A token name must be at most 100 characters",
  nameSingleLine: "A token name must be a single line",
  roleInvalid: "Choose viewer, editor or admin",
  expiryInvalid: "Choose 30, 90 or 365 days, or no expiry",
  roleAboveYours: "A token cannot have a higher role than yours",
  cannotManage: "You need admin role or higher to manage API tokens",
  peopleOnly: "An API token cannot do this; sign in as a person",
  organizationRoutesOnly:
    "An API token works only on /api/orgs/:orgId routes of its organization, /api/orgs/current and /api/me",
  invalidToken: "This API token is invalid, revoked or expired",
  notFound: "API token not found",
} as const;
