import { MESSAGES } from "../errors/messages.ts";

/** The texts of organization settings (spec 2, 5, 8). */
export const SETTINGS_MESSAGES = {
  updated: "Organization settings updated successfully!",
  logoUploaded: "Logo uploaded successfully!",
  noPermission: MESSAGES.cannotUpdateOrganization,
  nameRequired: MESSAGES.organizationNameRequired,
  domainTaken: MESSAGES.domainTaken,
  domainInvalid: MESSAGES.domainInvalid,

  // Not in the specification: the gaps it leaves.
  logoRemoved: "Logo removed.",
  timezoneRequired: "Timezone is required",
  timezoneInvalid: "Please choose one of the listed timezones",
  industryInvalid: "Please choose one of the listed industries",
  websiteInvalid: "Please enter a valid website address (e.g., https://example.com)",
  phoneInvalid: "Please enter a valid phone number (digits, spaces, +, -, parentheses)",
  descriptionTooLong: "The description must be at most 1000 characters",
  addressTooLong: "The address must be at most 500 characters",
  loadFailed: "Failed to load organization settings. Please try again.",
  saveFailed: "Failed to update organization settings",
  logoFailed: "Failed to upload logo",
  removeLogoFailed: "Failed to remove logo",
  confirmRemoveLogo: "Are you sure you want to remove the organization's logo?",
} as const;

/** The owner's "Require two-factor for every member" (docs/decisions/032). */
export const TWO_FACTOR_REQUIREMENT_MESSAGES = {
  /** What a member without two-factor sign-in hears from every route of such an organization. */
  required: "This organization requires two-factor sign-in. Turn it on in your profile to continue.",
  ownerFirst: "Turn on two-factor sign-in for your own account before requiring it of every member.",
  cannotConfigure: "Only an owner can require two-factor sign-in",
} as const;
