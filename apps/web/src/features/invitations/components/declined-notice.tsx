import { INVITATION_MESSAGES } from "@flowdeck/shared/invitations/messages";
import { useLocation, useNavigate } from "react-router";
import { Alert } from "@/components/ui/alert.tsx";
import { readNoticeState } from "@/lib/session/invitation-notice-state.ts";

/** 'Invitation declined.' on the landing page after declining (spec 2); nothing otherwise. */
export function InvitationDeclinedNotice({ className }: { className?: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  if (!readNoticeState(location.state).invitationDeclined) return null;
  return (
    <Alert
      tone="info"
      className={className}
      onDismiss={() => void navigate(`${location.pathname}${location.search}`, { replace: true, state: null })}
    >
      {INVITATION_MESSAGES.declined}
    </Alert>
  );
}
