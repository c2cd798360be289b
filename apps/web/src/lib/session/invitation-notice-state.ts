/**
 * What the acceptance page hands to the next page through router navigation state: the
 * dashboard's welcome after accepting, the landing page's note after declining.
 */
export type InvitationNoticeState = {
  invitationWelcome?: { organizationName: string; role: string };
  invitationDeclined?: true;
};

export function welcomeState(accepted: { organizationName: string; role: string }): InvitationNoticeState {
  return { invitationWelcome: { organizationName: accepted.organizationName, role: accepted.role } };
}

export const declinedState: InvitationNoticeState = { invitationDeclined: true };

/** History state survives reloads and may come from elsewhere: read it defensively. */
export function readNoticeState(state: unknown): InvitationNoticeState {
  if (!state || typeof state !== "object") return {};
  const { invitationWelcome, invitationDeclined } = state as Record<string, unknown>;
  const welcome = invitationWelcome as Record<string, unknown> | undefined;
  return {
    invitationWelcome:
      welcome && typeof welcome.organizationName === "string" && typeof welcome.role === "string"
        ? { organizationName: welcome.organizationName, role: welcome.role }
        : undefined,
    invitationDeclined: invitationDeclined === true ? true : undefined,
  };
}
