import { roleWithArticle } from "../permissions/roles.ts";
import { MESSAGES } from "../errors/messages.ts";

/** Texts of the invitations feature; the code messages of spec 5 live in errors/messages.ts. */
export const INVITATION_MESSAGES = {
  invalidCode: MESSAGES.invalidInvitationCode,
  usedOrExpired: MESSAGES.invitationUsedOrExpired,
  expired: MESSAGES.invitationExpired,
  invitationNotFound: "Invitation not found",
  alreadyMember: (email: string) => `${email} is already a member of this organization`,
  /** Only the account the invitation was sent to may take it up. */
  wrongAccount: (email: string) =>
    `This invitation was sent to ${email}. Sign in with that email address to accept it.`,
  wrongRegistrationEmail: (email: string) =>
    `This invitation was sent to ${email}. Register with that email address to accept it.`,
  sendFailed: (message: string) => `Failed to send invitation email: ${message}`,
  sent: (email: string) => `Invitation sent successfully to ${email}`,
  /** Without SMTP_URL nothing is mailed: the admin passes the link on (README "Mail"). */
  notMailed: (email: string) =>
    `Invitation created for ${email}, but no mail was sent: this server has no mail server (SMTP_URL). Copy the link and send it to them yourself.`,
  customMessageTooLong: "The message must be at most 1000 characters",
  // Spec 2 "Invitation acceptance".
  invalidTitle: "Invalid Invitation",
  alreadyAcceptedTitle: "Invitation already accepted",
  /** What the server answers for a code that was accepted, to anyone who holds it (decision 040). */
  accepted: "This invitation has already been accepted",
  acceptedSignIn: "Sign in to open the organization.",
  alreadyAccepted: (organizationName: string) =>
    `You already accepted this invitation and joined ${organizationName}. It cannot be used again.`,
  invitedTitle: "You've been invited!",
  pleaseLogIn: "Please log in to accept this invitation.",
  processingTitle: "Processing Invitation",
  processingMessage: "Please wait while we process your invitation...",
  welcome: (organizationName: string, role: string) =>
    `Welcome to ${organizationName}! You've been added as ${roleWithArticle(role)}.`,
  declined: "Invitation declined.",
} as const;
