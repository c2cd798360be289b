import { INVITATION_MESSAGES } from "@flowdeck/shared/invitations/messages";
import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";

/** Which invitation went unmailed, and its link when the server answered one. */
export type UnmailedInvitation = { email: string; link: string | undefined };

/**
 * The result of sending without a mail server (no SMTP_URL): the mail was only written to the
 * server's outbox, so nobody received it. Says so, and offers the link to copy and pass on.
 */
export function UnmailedInvitationNotice({
  invitation,
  onDismiss,
}: {
  invitation: UnmailedInvitation;
  onDismiss?: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!invitation.link) return;
    await navigator.clipboard.writeText(invitation.link);
    setCopied(true);
  };
  return (
    <Alert tone="info" title="No mail was sent" onDismiss={onDismiss}>
      <p>{INVITATION_MESSAGES.notMailed(invitation.email)}</p>
      {invitation.link && (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <input
            readOnly
            aria-label={`Invitation link for ${invitation.email}`}
            value={invitation.link}
            onFocus={(event) => event.currentTarget.select()}
            className="min-w-48 flex-1 rounded border border-indigo-200 bg-white px-2 py-1 font-mono text-xs text-gray-900 dark:border-indigo-900 dark:bg-gray-900 dark:text-gray-100"
          />
          <Button variant="secondary" onClick={copy}>
            {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
            {copied ? "Copied" : "Copy link"}
          </Button>
        </div>
      )}
    </Alert>
  );
}
