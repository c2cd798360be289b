/**
 * The specification's texts (spec 5 and 8), kept once so the server and the web app say the same.
 * Messages with a placeholder are functions.
 */
export const MESSAGES = {
  // Authentication
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  passwordRequired: "Password is required",
  passwordTooShort: "Password must be at least 6 characters",
  passwordTooShortRegister: "Password must be at least 6 characters long",
  confirmPasswordRequired: "Please confirm your password",
  passwordsDoNotMatch: "Passwords do not match",
  forgotEmailRequired: "Please enter your email address",
  invitationCodeMissing: "Please enter an invitation code",
  organizationNameMissing: "Please enter an organization name",
  organizationDomainMissing: "Please enter an organization domain",
  domainInvalid: "Please enter a valid domain (e.g., example.com, company.org, site.co.uk)",
  domainTaken: "Organization domain already exists. Please choose another domain.",
  loginFailed: "Failed to log in",
  registerFailed: "Failed to register",
  resetEmailFailed: "Failed to send reset email",
  invalidCredentials: "Invalid email or password",
  emailTaken: "An account with this email already exists",
  tooManyAttempts: "Too many attempts. Please wait a minute and try again.",
  tooManyStreams: "This organization has too many live-update streams open. Please try again later.",
  resetLinkInvalid: "This password reset link is invalid or has expired",
  checkEmail: "Check your email for password reset instructions",
  resetNote: "Reset links are valid for 1 hour and can be used once.",
  passwordResetDone: "Your password has been reset. You can now log in.",
  oauthLogin: (provider: string) => `OAuth login with ${provider} is not yet implemented`,
  oauthRegister: (provider: string) => `OAuth registration with ${provider} is not yet implemented`,
  notSignedIn: "You must be signed in",

  // Organizations
  organizationNameRequired: "Organization name is required and must be a non-empty string",
  mustBeAuthenticatedToCreateOrganization: "User must be authenticated to create an organization",
  organizationNotFound: "Organization not found",
  noOrganizationAccess: "You do not have access to this organization",
  noOrganizationSelected: "No organization selected",
  noOrganizationNavigation: "Please select an organization to view navigation",
  cannotUpdateOrganization: "You do not have permission to update this organization",

  // Members
  cannotManageMembers: "You do not have permission to manage members",
  cannotAssignRole: "You do not have permission to assign this role",
  cannotRemoveMembers: "You do not have permission to remove members",
  cannotRemoveThisMember: "You do not have permission to remove this member",
  cannotRemoveYourself: "You cannot remove yourself from the organization",
  cannotUpdateMemberRoles: "You do not have permission to update member roles",
  failedToUpdateMemberRole: "Failed to update member role",
  failedToRemoveMember: "Failed to remove member",

  // Invitations
  cannotInvite: "You do not have permission to invite users",
  invalidInvitationCode: "Invalid invitation code",
  invitationUsedOrExpired: "Invitation already used or expired",
  invitationExpired: "Invitation has expired",

  // Credits
  amountMustBePositive: "Amount must be positive",
  insufficientCredits: "Insufficient credits",
  cannotAddCredits: "You do not have permission to add credits",

  // Identifiers
  userIdRequired: "User ID is required",
  organizationIdRequired: "Organization ID is required",
  workflowIdRequired: "Workflow ID is required",
  taskIdRequired: "Task ID is required",
  documentIdRequired: "Document ID is required",
  invitationCodeRequired: "Invitation code is required",
  invitationIdRequired: "Invitation ID is required",

  // Generic
  notFound: "Not found",
  internal: "Something went wrong on our side. Please try again.",
  invalidRequest: "The request is not valid",
  invalidValue: "The request contains a character or value that cannot be stored",
  crossOrigin: "Requests must come from this site",
  jsonOnly: "Requests must be sent as JSON",
  unavailable: "The service is not available right now. Please try again shortly.",
} as const;
