import { CreateInvitationSchema } from "@flowdeck/shared/invitations/schemas";
import { useState } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { useSendInvitation } from "@/features/invitations/api/send-invitation.ts";
import {
  UnmailedInvitationNotice,
  type UnmailedInvitation,
} from "@/features/invitations/components/unmailed-invitation.tsx";
import { useIntent } from "@/lib/idempotency-key.ts";
import { useZodForm } from "@/lib/use-zod-form.ts";

/**
 * The dashboard's quick invitation (spec 2): an email, invited as viewer. Success and failure read
 * as on the Invitations page: 'Invitation sent successfully to {email}', 'Error: <message>', and
 * without a mail server, that no mail was sent, with the link to pass on.
 */
export function InviteForm({ orgId }: { orgId: string }) {
  const form = useZodForm(CreateInvitationSchema, { defaultValues: { email: "", role: "viewer" } });
  const { attach: attachForm } = form;
  const [sentTo, setSentTo] = useState<string>();
  const [unmailed, setUnmailed] = useState<UnmailedInvitation>();
  const send = useSendInvitation(orgId);
  const sendIntent = useIntent();

  const submit = form.submit((invitation) => {
    setSentTo(undefined);
    setUnmailed(undefined);
    const idempotencyKey = sendIntent.begin(invitation);
    if (!idempotencyKey) return; // a second click while sending
    send.mutate(
      { body: invitation, idempotencyKey },
      {
        onSettled: (_invitation, error) => sendIntent.end(!error),
        onSuccess: (sent) => {
          if (sent.mailed) setSentTo(sent.email);
          else setUnmailed({ email: sent.email, link: sent.link });
          form.reset();
        },
        onError: (error) => console.error("Sending the invitation failed", error),
      },
    );
  });

  return (
    <form
      ref={attachForm}
      onSubmit={submit}
      noValidate
      aria-label="Send an invitation"
      className="space-y-3 rounded-lg border border-gray-200 p-4 dark:border-gray-800"
    >
      <h3 className="text-sm font-semibold">Invite a teammate</h3>
      <TextField
        label="Email address"
        type="email"
        autoComplete="off"
        placeholder="teammate@example.com"
        error={form.errorOf("email")}
        hint="They join as a viewer; an admin can change their role later."
        {...form.register("email")}
      />
      <Button type="submit" busy={send.isPending}>
        Send Invitation
      </Button>
      {sentTo && <Alert tone="success">Invitation sent successfully to {sentTo}</Alert>}
      {unmailed && <UnmailedInvitationNotice invitation={unmailed} />}
      {send.error && <Alert tone="error">Error: {send.error.message}</Alert>}
    </form>
  );
}
