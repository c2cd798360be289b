import { INVITATION_MESSAGES } from "@flowdeck/shared/invitations/messages";
import { useLocation, useNavigate } from "react-router";
import { Alert } from "@/components/ui/alert.tsx";
import { readNoticeState } from "@/lib/session/invitation-notice-state.ts";

/**
 * "Welcome to <organization>! You've been added as a <role>." after accepting an invitation
 * (spec 2). Mounted on the dashboard; renders nothing unless the navigation carried the welcome.
 * Dismissing clears it from history, so a reload does not show it again.
 */
export function InvitationWelcomeNotice({ className }: { className?: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const welcome = readNoticeState(location.state).invitationWelcome;
  if (!welcome) return null;
  return (
    <Alert
      tone="success"
      className={className}
      onDismiss={() => void navigate(`${location.pathname}${location.search}`, { replace: true, state: null })}
    >
      {INVITATION_MESSAGES.welcome(welcome.organizationName, welcome.role)}
    </Alert>
  );
}
