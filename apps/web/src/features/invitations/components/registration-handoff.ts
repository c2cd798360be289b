import type { InvitationPreview } from "@flowdeck/shared/invitations/schemas";

/**
 * Registering with the code (the register page's join mode) accepts the invitation, then the
 * register page returns to /invite/{code}, where the code is now used. The acceptance page notes
 * here which invitation the visitor went to register for, so on their return it can tell "you
 * joined" from "invalid link" and go on to the dashboard with the welcome.
 */
const KEY = "flowdeck:invitation-registration";

type Handoff = { code: string; organizationName: string; role: string };

export function rememberRegistration(code: string, preview: InvitationPreview) {
  try {
    const handoff: Handoff = { code, organizationName: preview.organizationName, role: preview.role };
    sessionStorage.setItem(KEY, JSON.stringify(handoff));
  } catch {
    // Storage unavailable: the visitor then sees the used code's message and can go on by hand.
  }
}

export function readRegistration(code: string): Handoff | null {
  try {
    const handoff = JSON.parse(sessionStorage.getItem(KEY) ?? "null") as Handoff | null;
    return handoff?.code === code ? handoff : null;
  } catch {
    return null;
  }
}

export function forgetRegistration() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}
