import { z } from "zod";
import { OrgParamsSchema } from "../organizations/params.ts";
import { emailField } from "../auth/fields.ts";
import { MESSAGES } from "../errors/messages.ts";
import { INVITABLE_ROLES, ROLES } from "../permissions/roles.ts";
import { INVITATION_MESSAGES } from "./messages.ts";

/** Spec 9: an invitation is valid 7 days from its creation or its last resend. */
export const INVITATION_VALIDITY_DAYS = 7;
export const INVITATION_VALIDITY_MS = INVITATION_VALIDITY_DAYS * 24 * 60 * 60 * 1000;
export const CUSTOM_MESSAGE_MAX_LENGTH = 1000;

/** The send form (spec 2 "Invitations"): email, role (default viewer) and a custom message. */
export const CreateInvitationSchema = z.object({
  email: emailField(),
  role: z.enum(INVITABLE_ROLES).default("viewer"),
  customMessage: z
    .string()
    .trim()
    .max(CUSTOM_MESSAGE_MAX_LENGTH, INVITATION_MESSAGES.customMessageTooLong)
    .optional()
    .transform((message) => message || undefined),
});
export type CreateInvitationInput = z.input<typeof CreateInvitationSchema>;

/** One row of the admins' list. `expired` is a pending invitation past its expiry (Resend renews it). */
export const InvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(INVITABLE_ROLES),
  invitedByName: z.string(),
  status: z.enum(["pending", "expired"]),
  /** ISO 8601. */
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

/**
 * What sending answers: the invitation, and whether a mail went out. Without a mail server
 * (SMTP_URL unset) the message is only written to the server's outbox, so the admin who sent it
 * gets the link to pass on. The link is the invitation's secret: only this answer carries it.
 */
export const SentInvitationSchema = InvitationSchema.extend({
  mailed: z.boolean(),
  /** Only when no mail was sent, and only to the request that made or renewed the invitation. */
  link: z.string().optional(),
});
export type SentInvitation = z.infer<typeof SentInvitationSchema>;

export const InvitationParamsSchema = OrgParamsSchema.extend({ id: z.string().min(1) });

export const InvitationCodeParamsSchema = z.object({
  code: z.string().trim().min(1, MESSAGES.invitationCodeRequired).max(200, MESSAGES.invalidInvitationCode),
});

/** What validating a code yields (spec 3): shown on /invite/{code} to anyone holding the link. */
export const InvitationPreviewSchema = z.object({
  organizationName: z.string(),
  role: z.enum(INVITABLE_ROLES),
  invitedByName: z.string(),
  email: z.string(),
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

/** What accepting yields (spec 3), plus the organization's id. */
export const AcceptedInvitationSchema = z.object({
  organizationId: z.string(),
  organizationName: z.string(),
  role: z.enum(ROLES),
});
export type AcceptedInvitation = z.infer<typeof AcceptedInvitationSchema>;
