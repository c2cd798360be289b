import { z } from "zod";

/**
 * Who may create an account (the REGISTRATION setting, docs/decisions/056): anyone (`open`), only
 * invited people, besides the very first account of an empty instance (`invite-only`), or nobody
 * (`closed`).
 */
export const REGISTRATION_MODES = ["open", "invite-only", "closed"] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

/** What the register page offers now (GET /api/account/registration). */
export const RegistrationPolicySchema = z.object({
  mode: z.enum(REGISTRATION_MODES),
  /** Whether "Create a new organization" works now: open, or invite-only on an empty instance. */
  createOrganization: z.boolean(),
  /** Whether an invited address may create its account with the invitation. */
  joinWithInvitation: z.boolean(),
});
export type RegistrationPolicy = z.infer<typeof RegistrationPolicySchema>;

export const REGISTRATION_MESSAGES = {
  closedTitle: "Registration is closed",
  closed: "This Flowdeck does not take new accounts. Ask its administrator if you need one.",
  inviteOnlyTitle: "By invitation only",
  inviteOnly:
    "This Flowdeck takes new people by invitation only: enter the invitation code you were sent, or open the link in the invitation.",
  /** The API's refusal of a new organization when REGISTRATION is invite-only. */
  inviteOnlyRefused: "New organizations are not created here: this Flowdeck takes new people by invitation only",
} as const;
