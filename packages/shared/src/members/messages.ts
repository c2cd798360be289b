/** Texts of the members feature that the specification's catalogue (errors/messages.ts) lacks. */
export const MEMBER_MESSAGES = {
  memberNotFound: "Member not found",
  // Spec 6 says nobody changes their own role in the table; it gives no text for it.
  cannotChangeOwnRole: "You cannot change your own role",
  lastOwner: "An organization must keep at least one owner",
  // Spec 6: the creator is the owner. Nobody else may demote or remove them.
  creatorStaysOwner: "The organization's creator stays its owner",
  onlyCreatorTransfers: "Only the organization's creator can transfer ownership",
  viewOnly: "View only - Contact admin to manage members",
  roleInvalid: "Please choose a valid role",
} as const;

/** The role-permission legend of spec 2 "Member management", highest role first. */
export const ROLE_LEGEND = [
  { role: "owner", description: "Full access" },
  { role: "admin", description: "Manages members and invitations" },
  { role: "editor", description: "Performs most operations" },
  { role: "viewer", description: "Read-only" },
] as const;
