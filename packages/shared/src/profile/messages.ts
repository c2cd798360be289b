/** The texts of the profile page (spec 2 "Profile", 8). */
export const PROFILE_MESSAGES = {
  updated: "Profile updated successfully!",
  avatarUpdated: "Avatar updated successfully!",

  // Not in the specification: the gaps it leaves.
  emailReadOnly: "Your email address cannot be changed",
  emailNote: "Your email address is your sign-in name and cannot be changed here.",
  displayNameTooLong: "The display name must be at most 100 characters",
  displayNameControl: "The display name cannot contain line breaks, tabs or other control characters",
  avatarRemoved: "Avatar removed.",
  loadFailed: "Failed to load your profile. Please try again.",
  saveFailed: "Failed to update profile",
  avatarFailed: "Failed to upload avatar",
  removeAvatarFailed: "Failed to remove avatar",
  confirmRemoveAvatar: "Are you sure you want to remove your avatar?",
} as const;
