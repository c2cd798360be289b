/**
 * An invitation as stored: pending until it is accepted or rejected (an accepted one is kept to
 * say so, decision 040). The list shows pending ones as "pending" or "expired" by their date.
 */
export const INVITATION_STATUSES = ["pending", "accepted", "rejected"] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
